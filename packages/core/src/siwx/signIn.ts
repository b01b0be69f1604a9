import { signMessage } from '../controller/actions/signMessage.js'
import type { LatchController } from '../controller/index.js'
import {
  NoActiveAccountError,
  SignMessageError,
  SiwxNotEnabledError,
} from '../errors/actionErrors.js'
import type { SiwxConfig, SiwxSession } from './types.js'

type Controller = Pick<LatchController, 'stores' | 'errors' | 'getAdapter'>
type Account = { chainId: string; address: string }

// Per app (its stores): the account and chain that last had a session, where a required sign-in's
// Cancel goes back to (docs/behaviour.md#flows, Sign-in).
const lastAuthenticated = new WeakMap<object, Account>()

/**
 * The account and chain (CAIP-2) that last showed a live session in this page, if any: a
 * required sign-in cancelled on another chain switches back there rather than disconnecting.
 */
export function lastAuthenticatedAccount(
  controller: Pick<LatchController, 'stores'>,
): Account | undefined {
  return lastAuthenticated.get(controller.stores)
}

/** The active account as `{ chainId (CAIP-2), address }`, or undefined when not connected. */
export function activeSiwxAccount(controller: Pick<LatchController, 'stores'>) {
  const state = controller.stores.chain.getState()
  const namespace = state.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (!address || !network || chain.accountState.status !== 'connected') return undefined
  return { chainId: network.caipNetworkId, address }
}

/** Whether the active account has a live session on the active chain. */
export async function hasSiwxSession(
  controller: Pick<LatchController, 'stores'>,
  siwx: SiwxConfig,
) {
  const account = activeSiwxAccount(controller)
  if (!account) return false
  const sessions = await siwx.getSessions(account.chainId, account.address)
  if (sessions.length > 0) lastAuthenticated.set(controller.stores, account)
  return sessions.length > 0
}

/**
 * docs/behaviour.md#flows (Sign-in): a fresh message for the active account and chain, signed by
 * its wallet, handed to the backend. Without `siwx` (the app's config has none) it rejects with
 * 'SIWX is not enabled'. A refusal rejects with a `SignMessageError` whose category
 * is USER_REJECTED; the backend's refusal with its own error.
 */
export async function signInWithWallet(
  controller: Controller,
  siwx: SiwxConfig | undefined,
): Promise<SiwxSession> {
  if (!siwx) throw controller.errors.report(new SiwxNotEnabledError())
  const account = activeSiwxAccount(controller)
  if (!account) throw controller.errors.report(new NoActiveAccountError())
  const message = await siwx.createMessage(account)
  const { signature } = await signMessage(controller, { message })
  if (!signature) throw new SignMessageError()
  const session = await siwx.addSession({ ...account, message, signature })
  lastAuthenticated.set(controller.stores, account)
  return session
}
