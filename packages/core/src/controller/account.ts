import { ChainRequiredError, UnsupportedNamespaceError } from '../errors/errors.js'
import type { ChainNamespace } from '../networks/types.js'
import { type AccountState, resetAccountState } from '../stores/account.js'
import type { ControllerContext } from './context.js'

/** Merges `data` into one namespace's account state. */
export function setChainAccountData(
  ctx: ControllerContext,
  chain: ChainNamespace | undefined,
  data: Partial<AccountState>,
): void {
  if (!chain) throw ctx.errors.report(new ChainRequiredError('updateChainAccountData'))
  updateAccount(ctx, chain, (account) => ({ ...account, ...data }))
}

export function setAccountProp<prop extends keyof AccountState>(
  ctx: ControllerContext,
  prop: prop,
  value: AccountState[prop],
  chain: ChainNamespace | undefined,
): void {
  if (!chain) throw ctx.errors.report(new ChainRequiredError('setAccountProp'))
  updateAccount(ctx, chain, (account) => ({ ...account, [prop]: value }))
}

/** docs/behaviour.md#reset-of-account. */
export function resetAccount(ctx: ControllerContext, chain: ChainNamespace): void {
  updateAccount(ctx, chain, resetAccountState)
}

function updateAccount(
  ctx: ControllerContext,
  chain: ChainNamespace,
  update: (account: AccountState) => AccountState,
): void {
  ctx.stores.chain.setState((state) => {
    const chainState = state.chains[chain]
    if (!chainState) throw ctx.errors.report(new UnsupportedNamespaceError(chain))
    const accountState = update(chainState.accountState)
    return { chains: { ...state.chains, [chain]: { ...chainState, accountState } } }
  })
}
