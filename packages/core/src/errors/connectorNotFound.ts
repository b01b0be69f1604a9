import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletConnect/sessions.js'
import { LatchError } from './base.js'
import { ConnectorNotFoundError } from './errors.js'
import { errorMessages } from './messages.js'

/** Asked to connect over WalletConnect with none configured, or no session left to restore. */
export class WalletConnectConnectorNotFoundError extends LatchError {
  override name = 'WalletConnectConnectorNotFoundError'
  readonly connectorId = WALLET_CONNECT_CONNECTOR_ID
  constructor() {
    super(errorMessages.walletConnectConnectorNotFound)
  }
}

/**
 * The error for a connect by an id no wallet answers: the catalogue's 'WalletConnectConnector not
 * found' for WalletConnect's id, else ConnectorNotFoundError. Used by the adapters that load on
 * demand, so the page's first chunk carries none of it.
 */
export function connectorNotFound(
  connectorId: string,
): ConnectorNotFoundError | WalletConnectConnectorNotFoundError {
  return connectorId === WALLET_CONNECT_CONNECTOR_ID
    ? new WalletConnectConnectorNotFoundError()
    : new ConnectorNotFoundError(connectorId)
}
