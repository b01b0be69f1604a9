export {
  PAIRING_EXPIRY_MS,
  type PairingMessage,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectParameters,
  walletConnect,
} from './connector.js'
export { PairingExpiredError, WalletConnectNotConnectedError } from './errors.js'
export { walletConnectLink } from './links.js'
export {
  type ProposalNamespace,
  proposalNamespaces,
  WALLET_EVENTS,
  WALLET_METHODS,
} from './namespaces.js'
