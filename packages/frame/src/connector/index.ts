export {
  AUTH_CONNECTOR_ID,
  type AuthConnectorOptions,
  AuthSessionMissingError,
  createAuthConnector,
  type LatchAuthConnector,
} from './auth.js'
export {
  createEmbeddedSolanaWallet,
  type EmbeddedSolanaWallet,
  type EmbeddedSolanaWalletOptions,
} from './solana/wallet.js'
