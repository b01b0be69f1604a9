import { bigint, boolean, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

// The Polkadot (Substrate) index (chains/polkadot/indexer.ts): a node answers no "history of an
// account", so finalized blocks are read once and kept here, keyed by account. Accounts are the
// 32-byte account id in lower-case hex (0x…), whatever SS58 prefix a client spells them with;
// amounts in the chain's smallest unit as numeric(40,0) (u128 fits); times in unix ms.

const u128 = (name: string) => numeric(name, { precision: 40, scale: 0 })

/** Where the indexer of each chain stands; written in the same transaction as its rows. */
export const polkadotCheckpoints = pgTable('polkadot_checkpoints', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

/** Extrinsics that touch an indexed account: signed ones, and any carrying a transfer. */
export const polkadotExtrinsics = pgTable(
  'polkadot_extrinsics',
  {
    chain: text('chain').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    extrinsicIndex: integer('extrinsic_index').notNull(),
    hash: text('hash').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
    /** Null for an unsigned extrinsic (an inherent). */
    signer: text('signer'),
    nonce: bigint('nonce', { mode: 'number' }),
    /** `pallet.call`, e.g. `balances.transferKeepAlive`. */
    call: text('call').notNull(),
    /** The `dest` of a balances transfer call (so a failed one still names its recipient). */
    dest: text('dest'),
    success: boolean('success').notNull(),
    /** What the signer paid (TransactionFeePaid, or Withdraw less refunds on older runtimes). */
    fee: u128('fee'),
  },
  (t) => [primaryKey({ columns: [t.chain, t.blockNumber, t.extrinsicIndex] })],
)

/** `balances.Transfer` events, by the extrinsic that emitted them. */
export const polkadotTransfers = pgTable(
  'polkadot_transfers',
  {
    chain: text('chain').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    eventIndex: integer('event_index').notNull(),
    extrinsicIndex: integer('extrinsic_index').notNull(),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    amount: u128('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.blockNumber, t.eventIndex] })],
)

/** The history's index: one row per account and extrinsic it signed, sent or received in. */
export const polkadotAccountExtrinsics = pgTable(
  'polkadot_account_extrinsics',
  {
    chain: text('chain').notNull(),
    account: text('account').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    extrinsicIndex: integer('extrinsic_index').notNull(),
  },
  // The key is the keyset order: one account's rows newest first are one index range.
  (t) => [primaryKey({ columns: [t.chain, t.account, t.blockNumber, t.extrinsicIndex] })],
)
