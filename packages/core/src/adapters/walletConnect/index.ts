export {
  PAIRING_EXPIRY_MS,
  type PairingMessage,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectParameters,
  walletConnect,
} from './connector.js'
export {
  PairingExpiredError,
  WalletConnectNotConnectedError,
  WalletConnectOtherNamespaceError,
} from './errors.js'
export { walletConnectLink } from './links.js'
export {
  type ProposalNamespace,
  proposalNamespaces,
  WALLET_EVENTS,
  WALLET_METHODS,
} from './namespaces.js'
export {
  type ApprovalOutcome,
  createWalletConnectSessions,
  type SessionClient,
  type SessionNamespaceWatcher,
  type WalletConnectSession,
  type WalletConnectSessions,
} from './sessions.js'
