import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

// Chain data service (apps/server/src/chains/eip155). Addresses and hashes are stored lower-case
// hex; amounts as numeric(78,0) (every uint256 fits); times as unix seconds.

const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 })

/** Where the indexer of each chain stands. Written in the same transaction as the rows it covers. */
export const chainCheckpoints = pgTable('chain_checkpoints', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Hashes of recent indexed blocks, to find the common ancestor after a reorg. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    contractAddress: text('contract_address'),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    value: uint256('value').notNull(),
    /** 1 confirmed, 0 failed (the receipt status). */
    status: smallint('status').notNull(),
    selector: text('selector'),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.hash] }),
    index('chain_transactions_block_idx').on(t.chainId, t.blockNumber),
  ],
)

/** Value movements and approvals; see ChainEvent for the (log_index, item) numbering. */
export const chainEvents = pgTable(
  'chain_events',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    item: integer('item').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    token: text('token'),
    tokenId: uint256('token_id'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: uint256('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex, t.item] }),
    index('chain_events_block_idx').on(t.chainId, t.blockNumber),
  ],
)

/**
 * One row per (account, transaction) the account took part in: the history endpoint reads a page
 * from here by index alone, then fetches the page's transactions and events.
 */
export const chainAccountTransactions = pgTable(
  'chain_account_transactions',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.txIndex, t.address] }),
    // Ascending on purpose: `ORDER BY … DESC` scans them backwards, which matches Postgres's
    // default DESC NULLS FIRST; a DESC NULLS LAST index would not serve that order.
    // One chain: newest first by (mined_at, block, tx index).
    index('chain_account_tx_chain_idx').on(
      t.chainId,
      t.address,
      t.minedAt,
      t.blockNumber,
      t.txIndex,
    ),
    // All chains: the same order with the chain id as the last tie-breaker.
    index('chain_account_tx_all_idx').on(t.address, t.minedAt, t.blockNumber, t.txIndex, t.chainId),
  ],
)

/** Token metadata read by eth_call, and the offline spam verdict (null = not spam). */
export const chainTokens = pgTable(
  'chain_tokens',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    standard: text('standard').notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
    spamReason: text('spam_reason'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

export const chainNfts = pgTable(
  'chain_nfts',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: uint256('token_id').notNull(),
    tokenUri: text('token_uri'),
    name: text('name'),
    imageUrl: text('image_url'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract, t.tokenId] })],
)

/**
 * Who may write each chain's index (lease.ts): one holder at a time, until
 * `expires_at` by the database's clock. `term` grows on every change of holder, and every batch
 * commit checks holder and term in its own transaction (docs/deployment.md#one-indexer).
 */
export const chainIndexLeases = pgTable('chain_index_leases', {
  chainId: integer('chain_id').primaryKey(),
  holder: text('holder').notNull(),
  term: bigint('term', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
})
