import { bitcoinFamily } from './bip122/backend.js'
import { cosmosFamily } from './cosmos/backend.js'
import { evmFamily } from './eip155/backend.js'
import { polkadotFamily } from './polkadot/backend.js'
import { solanaFamily } from './solana/backend.js'
import type { ChainBackendFactory } from './types.js'

/**
 * The chain families this server serves: THE registration list. Routes, the RPC proxy, the
 * indexer command and config loading iterate over it. Order matters once: a history query no
 * family claims goes to the first, whose errors are the API's default ones.
 */
export const chainFamilies: readonly ChainBackendFactory[] = [
  evmFamily as ChainBackendFactory,
  solanaFamily as ChainBackendFactory,
  bitcoinFamily as ChainBackendFactory,
  cosmosFamily as ChainBackendFactory,
  polkadotFamily as ChainBackendFactory,
]

/** The family whose settings the rest of the server reads (ENS names, SIWX, metrics). */
export { evmFamily }
