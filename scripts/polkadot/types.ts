// Shared by the chain, its seed, keys and snapshots; a file of its own so none of them imports
// another only for a type or a constant (the lint's import-circle check).

/**
 * The runtime's `System.SS58Prefix` constant (2, Kusama's: the genesis runtime is Statemine's).
 * @polkadot/api takes that constant over system_properties, so the properties the chain answers
 * say the same, and every client spells the dev accounts alike (docs/polkadot-node.md).
 */
export const DEV_SS58_PREFIX = 2

/** What the seed built, printed by npm start and kept in the day's snapshot. */
export interface PolkadotSeedSummary {
  /** Blocks the seed built (the chain's first block is not one of them). */
  blocks: number
  /** Successful balances transfers the seed included. */
  transfers: number
  /** Included extrinsics that failed on purpose (a transfer beyond the sender's balance). */
  failed: number
  /** Timestamps (ms) of the first and last seeded blocks. */
  firstBlockAt: number
  lastBlockAt: number
  /** Extrinsics (transfers and failures) Alice signed or received. */
  aliceHistory: number
}
