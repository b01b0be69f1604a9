import { ApiError } from '../api/errors.js'
import { LatchError } from '../errors/base.js'

/**
 * A name call failed. `code` is the server's (NAME_TAKEN, NAME_NOT_FOUND, NAME_BAD_SIGNATURE, …),
 * NAME_INVALID for a label the rules refuse before any request, USER_REJECTED when the wallet
 * declined to sign, else the API error's code. The message is the server's sentence when it gave
 * one, else the catalogue's ('Error resolving name', 'Error registering name {name}', …).
 */
export class AccountNameError extends LatchError {
  override name = 'AccountNameError'
  readonly code: string

  constructor(code: string, message: string, options: { cause?: unknown; details?: string } = {}) {
    super(message, {
      ...options,
      category: code === 'USER_REJECTED' ? 'USER_REJECTED' : 'API_ERROR',
    })
    this.code = code
  }

  /** Wraps a failed server call: its own code and sentence when it answered, else `fallback`. */
  static from(error: unknown, fallback: string): AccountNameError {
    if (error instanceof AccountNameError) return error
    if (error instanceof ApiError) {
      // A refusal the server explained (taken, reserved, bad signature) reads as it said it.
      const explained = error.status >= 400 && error.status < 500 && error.status !== 429
      return new AccountNameError(error.code, explained ? error.shortMessage : fallback, {
        cause: error,
      })
    }
    return new AccountNameError('UNKNOWN', fallback, { cause: error })
  }
}
