import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Sign-in nonces (docs/siwx.md): issued for one project, valid a few minutes, used once. The
 * verify route marks `usedAt` in the same statement that checks it, so a replay finds it used.
 */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  projectId: text('project_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A wallet sign-in: the verified message and signature it came from, and a token's hash. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    projectId: text('project_id').notNull(),
    /** As its namespace's verifier answers it (chains/<namespace>/sign-in.ts). */
    address: text('address').notNull(),
    /** CAIP-2 chain id, such as eip155:31337 (the dev chain). */
    chainId: text('chain_id').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('siwx_sessions_account_idx').on(t.projectId, t.address)],
)
