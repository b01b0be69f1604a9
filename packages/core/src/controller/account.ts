import { ChainRequiredError, UnsupportedNamespaceError } from '../errors/errors.js'
import { reportError } from '../errors/reporter.js'
import { formatCaipAddress } from '../networks/caip.js'
import type { ChainNamespace } from '../networks/types.js'
import { type AccountState, resetAccountState } from '../stores/account.js'
import type { ControllerContext } from './context.js'

/** Merges `data` into one namespace's account state; keeps the active CAIP address in step. */
export function setChainAccountData(
  ctx: ControllerContext,
  chain: ChainNamespace | undefined,
  data: Partial<AccountState>,
): void {
  if (!chain) throw reportError(new ChainRequiredError('updateChainAccountData'))
  updateAccount(ctx, chain, data)
}

export function setAccountProp<prop extends keyof AccountState>(
  ctx: ControllerContext,
  prop: prop,
  value: AccountState[prop],
  chain: ChainNamespace | undefined,
): void {
  if (!chain) throw reportError(new ChainRequiredError('setAccountProp'))
  updateAccount(ctx, chain, { [prop]: value } as Partial<AccountState>)
}

/** Seed §4 "Reset of account". */
export function resetAccount(ctx: ControllerContext, chain: ChainNamespace): void {
  const chainState = ctx.stores.chain.getState().chains[chain]
  if (!chainState) throw reportError(new UnsupportedNamespaceError(chain))
  updateAccount(ctx, chain, resetAccountState(chainState.accountState), true)
}

function updateAccount(
  ctx: ControllerContext,
  chain: ChainNamespace,
  data: Partial<AccountState>,
  replace = false,
): void {
  ctx.stores.chain.setState((state) => {
    const chainState = state.chains[chain]
    if (!chainState) throw reportError(new UnsupportedNamespaceError(chain))
    const merged = replace ? (data as AccountState) : { ...chainState.accountState, ...data }
    const network = chainState.networkState.caipNetwork
    // The CAIP address always follows the address and the namespace's current network.
    const caipAddress =
      merged.address && network ? formatCaipAddress(chain, network.id, merged.address) : undefined
    const accountState = { ...merged, caipAddress }
    return {
      chains: { ...state.chains, [chain]: { ...chainState, accountState } },
      activeCaipAddress: state.activeChain === chain ? caipAddress : state.activeCaipAddress,
    }
  })
}
