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

// Solana history (apps/server/src/chains/solana). Solana is indexed by account, not by block: an
// account's signatures are fetched from the cluster when its history is asked for. `cluster` is
// the CAIP-2 id (`solana:<genesis hash prefix>`); addresses and signatures are base58.

const u64 = (name: string) => numeric(name, { precision: 20, scale: 0 })

/** How far each account's history has been read: its newest signature on the cluster. */
export const solanaAccounts = pgTable(
  'solana_accounts',
  {
    cluster: text('cluster').notNull(),
    address: text('address').notNull(),
    newestSignature: text('newest_signature'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.address] })],
)

export const solanaTransactions = pgTable(
  'solana_transactions',
  {
    cluster: text('cluster').notNull(),
    signature: text('signature').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    blockTime: bigint('block_time', { mode: 'number' }).notNull(),
    feePayer: text('fee_payer').notNull(),
    /** Who the transaction was addressed to: a transfer's receiver, else the first program called. */
    sentTo: text('sent_to').notNull(),
    /** 1 confirmed, 0 failed. */
    status: smallint('status').notNull(),
    fee: u64('fee').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.signature] })],
)

/** SOL (mint null) and SPL movements between owners; `from`/`to` is the mint for a mint/burn. */
export const solanaTransfers = pgTable(
  'solana_transfers',
  {
    cluster: text('cluster').notNull(),
    signature: text('signature').notNull(),
    item: integer('item').notNull(),
    mint: text('mint'),
    fromOwner: text('from_owner').notNull(),
    toOwner: text('to_owner').notNull(),
    amount: u64('amount').notNull(),
    decimals: integer('decimals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.signature, t.item] })],
)

/** One row per (account, transaction): the history page is read from here by index alone. */
export const solanaAccountTransactions = pgTable(
  'solana_account_transactions',
  {
    cluster: text('cluster').notNull(),
    address: text('address').notNull(),
    blockTime: bigint('block_time', { mode: 'number' }).notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cluster, t.address, t.signature] }),
    index('solana_account_tx_page_idx').on(t.cluster, t.address, t.blockTime, t.slot, t.signature),
  ],
)

/** Mints seen in transfers, with the offline spam verdict (null = not spam). */
export const solanaMints = pgTable(
  'solana_mints',
  {
    cluster: text('cluster').notNull(),
    mint: text('mint').notNull(),
    spamReason: text('spam_reason'),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.mint] })],
)
