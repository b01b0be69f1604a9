import { LatchError } from '../../errors/base.js'
import type { Features } from '../../stores/options.js'
import type { CallsProvider } from './sendCalls.js'

/**
 * ERC-7715 smart sessions asked for while they are not enabled: by the app (the `smartSessions`
 * feature, off by default) or by the wallet (the embedded wallet grants no session keys and
 * refuses with 4200). No wallet is asked in the first case.
 */
export class SmartSessionsNotEnabledError extends LatchError {
  override name = 'SmartSessionsNotEnabledError'
  constructor(details: string, cause?: unknown) {
    super('Smart sessions are not enabled', { cause, details })
  }
}

/** The wallet refused or failed for another reason; `category` tells a user's refusal apart. */
export class PermissionsError extends LatchError {
  override name = 'PermissionsError'
  constructor(cause: unknown) {
    super('The wallet did not answer the permissions request', {
      cause,
      category: codeOf(cause) === 4001 ? 'USER_REJECTED' : 'RPC_ERROR',
    })
  }
}

export interface PermissionsParameters {
  /** The app's features (`latch.stores.options.getState().features`). */
  features: Pick<Features, 'smartSessions'>
  /** The wallet of the account the permissions are for. */
  provider: CallsProvider
  /** ERC-7715 params, passed to the wallet as they are. */
  params: readonly unknown[]
}

function codeOf(error: unknown): unknown {
  // viem and wagmi wrap the wallet's error in causes.
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'number') return e.code
    e = e.cause as typeof e
  }
  return undefined
}

async function ask(method: string, p: PermissionsParameters): Promise<unknown> {
  if (!p.features.smartSessions)
    throw new SmartSessionsNotEnabledError(
      `The app's smartSessions feature is off; ${method} was not sent`,
    )
  try {
    return await p.provider.request({ method, params: [...p.params] })
  } catch (error) {
    const code = codeOf(error)
    if (code === 4200 || code === -32601)
      throw new SmartSessionsNotEnabledError(`The wallet does not answer ${method}`, error)
    throw new PermissionsError(error)
  }
}

/**
 * ERC-7715 `wallet_grantPermissions`. Refused with `SmartSessionsNotEnabledError` before any
 * wallet is asked while the app's `smartSessions` feature is off, and when the wallet does not
 * answer the method (the embedded wallet never does: docs/smart-accounts.md).
 */
export function grantPermissions(parameters: PermissionsParameters): Promise<unknown> {
  return ask('wallet_grantPermissions', parameters)
}

/** ERC-7715 `wallet_revokePermissions`, refused as `grantPermissions` is. */
export function revokePermissions(parameters: PermissionsParameters): Promise<unknown> {
  return ask('wallet_revokePermissions', parameters)
}
