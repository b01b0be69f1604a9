import { bitcoinFamily } from './bip122/backend.js'
import { cosmosFamily } from './cosmos/backend.js'
import { evmFamily } from './eip155/backend.js'
import * as evmTables from './eip155/schema.js'
import { polkadotFamily } from './polkadot/backend.js'
import * as polkadotTables from './polkadot/schema.js'
import { solanaFamily } from './solana/backend.js'
import * as solanaTables from './solana/schema.js'
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

/**
 * The families' own tables (`<namespace>/schema.ts`), for `@latch/server`'s `schema` export
 * (db/index.ts). drizzle-kit finds them by its config's pattern and the families' code imports
 * them directly, so this is the only list; a family without tables has no line here.
 */
export const chainTables = { ...evmTables, ...polkadotTables, ...solanaTables }

/** The family whose settings the rest of the server reads (ENS names, SIWX, metrics). */
export { evmFamily }
