import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * On-ramp sessions (docs/onramp.md): one per checkout the page opened. The id is ours and travels
 * to the provider (MoonPay's externalTransactionId, Coinbase's partnerUserId), so its reports and
 * reads find the row. Amounts are decimal strings, as the providers send them.
 */
export const onrampSessions = pgTable(
  'onramp_sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    provider: text('provider').notNull(),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    /** The asset's contract, lower-cased; null for the native coin. */
    assetAddress: text('asset_address'),
    address: text('address').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    fiatAmount: text('fiat_amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    providerTxId: text('provider_tx_id'),
    cryptoAmount: text('crypto_amount'),
    txHash: text('tx_hash'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the provider was last asked; reads ask again only after a pause. */
    polledAt: timestamp('polled_at', { withTimezone: true }),
  },
  (t) => [
    index('onramp_sessions_project_idx').on(t.projectId, t.createdAt),
    // The history's deposit lookup (deposits.ts): a project's sessions by buyer and transaction,
    // both compared lower-cased, so the index is on the same expressions.
    index('onramp_sessions_deposit_idx').on(
      t.projectId,
      sql`lower(${t.address})`,
      sql`lower(${t.txHash})`,
    ),
  ],
)

/**
 * Webhook deliveries already taken, by their signature: the same signed delivery sent again is
 * a replay and is refused. Rows older than the accepted clock skew are deleted as new ones come.
 */
export const onrampWebhookDeliveries = pgTable(
  'onramp_webhook_deliveries',
  {
    provider: text('provider').notNull(),
    signature: text('signature').notNull(),
    /** The delivery's own timestamp (unix seconds), for the clean-up. */
    signedAt: bigint('signed_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.signature] }),
    index('onramp_webhook_deliveries_signed_at_idx').on(t.signedAt),
  ],
)
