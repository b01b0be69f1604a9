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
