import { LatchError, type LatchErrorOptions } from './base.js'
import { errorMessages } from './messages.js'

// One class per failure a caller may want to tell apart; each carries the catalogue's message.

export class ChainRequiredError extends LatchError {
  override name = 'ChainRequiredError'
  constructor(operation: 'updateChainAccountData' | 'setAccountProp') {
    super(
      operation === 'setAccountProp'
        ? errorMessages.chainRequiredForAccountProp
        : errorMessages.chainRequiredForAccountData,
    )
  }
}

export class NamespaceRequiredError extends LatchError {
  override name = 'NamespaceRequiredError'
  constructor() {
    super(errorMessages.switchActiveNetworkNamespaceRequired)
  }
}

export class UnsupportedNamespaceError extends LatchError {
  override name = 'UnsupportedNamespaceError'
  constructor(readonly namespace: string) {
    super(errorMessages.unsupportedChainNamespace(namespace))
  }
}

export class ChainAdapterNotFoundError extends LatchError {
  override name = 'ChainAdapterNotFoundError'
  constructor() {
    super(errorMessages.chainAdapterNotFound)
  }
}

export class ClientNotSetError extends LatchError {
  override name = 'ClientNotSetError'
  constructor(controller: 'NetworkController' | 'ConnectionController') {
    super(
      controller === 'NetworkController'
        ? errorMessages.networkClientNotSet
        : errorMessages.connectionClientNotSet,
    )
  }
}

export class ConnectorChainsUnsupportedError extends LatchError {
  override name = 'ConnectorChainsUnsupportedError'
  constructor() {
    super(errorMessages.connectorChainsUnsupported)
  }
}

export class NetworkNotFoundError extends LatchError {
  override name = 'NetworkNotFoundError'
  constructor(options?: LatchErrorOptions) {
    super(errorMessages.networkNotFound, options)
  }
}

export class ConnectionRejectedError extends LatchError {
  override name = 'ConnectionRejectedError'
  constructor(options: Pick<LatchErrorOptions, 'cause'> = {}) {
    super(errorMessages.connectionRejected, { ...options, category: 'USER_REJECTED' })
  }
}

export class ConnectionFailedError extends LatchError {
  override name = 'ConnectionFailedError'
  constructor(options: LatchErrorOptions = {}) {
    super(errorMessages.failedToConnect, options)
  }
}

export class RpcTimeoutError extends LatchError {
  override name = 'RpcTimeoutError'
  constructor(options: Pick<LatchErrorOptions, 'cause'> = {}) {
    super(errorMessages.rpcTimeout, { ...options, category: 'RPC_ERROR' })
  }
}

export class RpcUrlUnavailableError extends LatchError {
  override name = 'RpcUrlUnavailableError'
  constructor(
    readonly chain: string,
    readonly url: string,
    options: Pick<LatchErrorOptions, 'cause'> = {},
  ) {
    super(errorMessages.rpcUrlUnavailable(chain, url), { ...options, category: 'RPC_ERROR' })
  }
}

export class ConnectorNotFoundError extends LatchError {
  override name = 'ConnectorNotFoundError'
  constructor(readonly connectorId: string) {
    super(`Connector not found: ${connectorId}`)
  }
}

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

/** The wallet refused or failed to send; `category` tells a refusal (USER_REJECTED) apart. */
export class SendTokenError extends LatchError {
  override name = 'SendTokenError'
  constructor(options: Pick<LatchErrorOptions, 'cause'> = {}) {
    const cause = options.cause as { code?: unknown; shortMessage?: unknown } | undefined
    super(typeof cause?.shortMessage === 'string' ? cause.shortMessage : errorMessages.sendFailed, {
      ...options,
      category: rejected(cause) ? 'USER_REJECTED' : 'INTERNAL_SDK_ERROR',
    })
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
