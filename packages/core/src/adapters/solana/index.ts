// @latch/core/solana: the Solana chain adapter on @solana/kit, with wallets found through the
// wallet standard. Only this subpath pulls in Solana code (docs/solana.md#wallets).
export {
  createSolanaAdapter,
  PREFLIGHT_COMMITMENTS,
  RECONNECT_WAIT_MS,
  SOLANA_CONNECTION_KEY,
  type SolanaAdapter,
  type SolanaAdapterParameters,
  type SolanaSendOptions,
  SolanaSendOptionsError,
  SolanaWalletError,
} from './adapter.js'
export { createLazySolanaAdapter } from './lazy.js'
export { solanaMessageVerifier } from './messageVerifier.js'
export { buildTransfer, SolanaSendError, type SolanaTransfer } from './send.js'
export { type SolanaSendDetail, solanaTraits } from './traits.js'
export {
  connectorIdOf,
  type EmbeddedSolanaWalletEntry,
  isSolanaWallet,
  watchSolanaWallets,
} from './wallets.js'
