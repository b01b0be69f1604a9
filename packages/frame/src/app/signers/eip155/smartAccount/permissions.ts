import { FrameError } from '../../../handler.js'

/**
 * ERC-7715 smart sessions: a page asks the wallet to grant (or revoke) a session key that may act
 * for the account within limits. The `smartSessions` feature is off by default (seed §3), and
 * the frame grants no session keys at all (docs/smart-accounts.md says why), so these methods are
 * refused before any approval view exists: a view would ask the user to approve something the
 * wallet then refuses anyway.
 */
export const SESSION_METHODS: ReadonlySet<string> = new Set([
  'wallet_grantPermissions',
  'wallet_revokePermissions',
])

/** EIP-1193 4200 (unsupported method), so a page or the kit can tell it from a user's refusal. */
export class SmartSessionsNotEnabledError extends FrameError {
  override name = 'SmartSessionsNotEnabledError'
  constructor(method: string) {
    super(`Smart sessions are not enabled: this wallet does not answer ${method}`, 4200)
  }
}
