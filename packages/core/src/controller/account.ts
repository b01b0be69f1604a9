import { ChainRequiredError, UnsupportedNamespaceError } from '../errors/errors.js'
import type { ChainNamespace } from '../networks/types.js'
import { type AccountState, resetAccountState } from '../stores/account.js'
import type { ControllerContext } from './context.js'

/** Merges `data` into one namespace's account state. */
export function setChainAccountData(
  ctx: ControllerContext,
  namespace: ChainNamespace | undefined,
  data: Partial<AccountState>,
): void {
  if (!namespace) throw ctx.errors.report(new ChainRequiredError('updateChainAccountData'))
  updateAccount(ctx, namespace, (account) => ({ ...account, ...data }))
}

export function setAccountProp<prop extends keyof AccountState>(
  ctx: ControllerContext,
  prop: prop,
  value: AccountState[prop],
  namespace: ChainNamespace | undefined,
): void {
  if (!namespace) throw ctx.errors.report(new ChainRequiredError('setAccountProp'))
  updateAccount(ctx, namespace, (account) => ({ ...account, [prop]: value }))
}

/** docs/behaviour.md#reset-of-account. */
export function resetAccount(ctx: ControllerContext, namespace: ChainNamespace): void {
  updateAccount(ctx, namespace, resetAccountState)
}

function updateAccount(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  update: (account: AccountState) => AccountState,
): void {
  ctx.stores.chain.setState((state) => {
    const chainState = state.chains[namespace]
    if (!chainState) throw ctx.errors.report(new UnsupportedNamespaceError(namespace))
    const accountState = update(chainState.accountState)
    return { chains: { ...state.chains, [namespace]: { ...chainState, accountState } } }
  })
}
