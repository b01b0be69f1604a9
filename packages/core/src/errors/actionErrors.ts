import { LatchError, type LatchErrorOptions } from './base.js'
import { errorMessages } from './messages.js'
import { transactionErrorMessage } from './transactionErrors.js'

// The errors of the actions a visitor starts (signing, sending), apart from errors.ts: those
// actions load after the first click, and their errors with them, not with the page.

export class NoActiveAccountError extends LatchError {
  override name = 'NoActiveAccountError'
  constructor() {
    super(errorMessages.noActiveCaipAddress)
  }
}

/** The wallet refused or failed to sign; `category` tells a refusal (USER_REJECTED) apart. */
export class SignMessageError extends LatchError {
  override name = 'SignMessageError'
  constructor(options: Pick<LatchErrorOptions, 'cause'> = {}) {
    const code = (options.cause as { code?: unknown } | undefined)?.code
    super(errorMessages.errorSigningMessage, {
      ...options,
      category: code === 4001 ? 'USER_REJECTED' : 'INTERNAL_SDK_ERROR',
    })
  }
}

/** A send that cannot start: `message` says which field to fix (docs/behaviour.md#validation). */
export class SendValidationError extends LatchError {
  override name = 'SendValidationError'
  constructor(message: string) {
    super(message, { category: 'INTERNAL_SDK_ERROR' })
  }
}

/**
 * The wallet refused or failed to send; `category` tells a refusal (USER_REJECTED) apart. The
 * message is the catalogue's for viem's transaction errors (transactionErrors.ts), a timed-out or
 * unreachable RPC on `chainName`, else viem's short message.
 */
export class SendTokenError extends LatchError {
  override name = 'SendTokenError'
  constructor(options: Pick<LatchErrorOptions, 'cause'> & { chainName?: string | undefined } = {}) {
    const cause = options.cause as { code?: unknown; shortMessage?: unknown } | undefined
    const isRejected = rejected(cause)
    const message =
      (isRejected ? undefined : transactionErrorMessage(cause, options.chainName)) ??
      (typeof cause?.shortMessage === 'string' ? cause.shortMessage : errorMessages.sendFailed)
    super(message, {
      cause: options.cause,
      category: isRejected ? 'USER_REJECTED' : 'INTERNAL_SDK_ERROR',
    })
  }
}

/** A wallet sign-in asked for while the app configured no `siwx`: 'SIWX is not enabled'. */
export class SiwxNotEnabledError extends LatchError {
  override name = 'SiwxNotEnabledError'
  constructor() {
    super(errorMessages.siwxNotEnabled)
  }
}

/** The visitor closed the modal before the flow it was opened for finished: 'Modal closed'. */
export class ModalClosedError extends LatchError {
  override name = 'ModalClosedError'
  constructor() {
    super(errorMessages.modalClosed, { category: 'USER_REJECTED' })
  }
}

/** Namespaces Latch cannot send on yet: 'Unsupported chain'. */
export class UnsupportedSendChainError extends LatchError {
  override name = 'UnsupportedSendChainError'
  constructor(namespace: string) {
    super(errorMessages.unsupportedChain, { details: `No send on ${namespace}` })
  }
}

// viem wraps the wallet's 4001 in a chain of causes.
function rejected(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === 4001) return true
    e = e.cause as typeof e
  }
  return false
}
