import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * An embedded-wallet user: one wallet (its public addresses only, in auth_addresses), reached by
 * email, by social identities (auth_identities) or both.
 */
export const authUsers = pgTable('auth_users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased. Null for a social user whose provider gave no verified address (X). */
  email: text('email').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The wallet's public address in each namespace (CAIP-2's: the chain family), as the frame
 * stored it: one per user and namespace, written once with the wallet (auth/shares.ts). Keyed
 * by namespace rather than a column per chain family, so a new family adds rows, not columns.
 */
export const authAddresses = pgTable(
  'auth_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.namespace] }),
    // Which account holds an address: the lookup a per-chain column could not serve.
    index('auth_addresses_address_idx').on(t.namespace, t.address),
  ],
)

/**
 * One-time codes. Only an HMAC of the code is stored; `attempts` counts wrong guesses and the
 * code is void at 5. `purpose` is login, update_primary or update_secondary.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    /** For update_primary and update_secondary: the address the user is moving to. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_codes_email_idx').on(t.email, t.purpose, t.createdAt),
    // One live code per address and purpose, guaranteed by the database: concurrent starts
    // cannot leave several codes to guess at (docs/custody.md#sign-in-codes).
    uniqueIndex('auth_codes_one_live').on(t.email, t.purpose).where(sql`${t.consumedAt} is null`),
  ],
)

/**
 * An address whose codes were guessed at too often: no code is issued or checked until
 * `lockedUntil`. `locks` counts the locks of the last day, so each doubles the next one.
 */
export const authEmailLocks = pgTable('auth_email_locks', {
  email: text('email').primaryKey(),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  locks: integer('locks').notNull().default(1),
})

/** Devices (a random id kept by the frame, stored hashed) a user has approved by email link. */
export const authDevices = pgTable(
  'auth_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    approvalTokenHash: text('approval_token_hash'),
    approvalSentAt: timestamp('approval_sent_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** What the approval mail and page name (docs/custody.md#sign-in-codes): the verified page
     * origin and the browser and OS of the device that asked. */
    approvalOrigin: text('approval_origin'),
    approvalAgent: text('approval_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('auth_devices_token_idx').on(t.approvalTokenHash),
  ],
)

/**
 * Every sign-in mail `email/start` sent (a code or an approval link), with the page origin and
 * project that asked: the per-address and per-origin caps count these rows, so they hold across
 * restarts and across servers sharing the database (docs/custody.md#sign-in-codes).
 */
export const authMailLog = pgTable(
  'auth_mail_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    projectId: text('project_id').notNull(),
    pageOrigin: text('page_origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_mail_log_email_idx').on(t.email, t.createdAt),
    index('auth_mail_log_origin_idx').on(t.pageOrigin, t.createdAt),
    index('auth_mail_log_project_idx').on(t.projectId, t.createdAt),
  ],
)

/** Bearer sessions of the frame; only a SHA-256 of the token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    projectId: text('project_id').notNull(),
    /**
     * The page origin the frame was embedded by at sign-in. Null only for sessions made before
     * origins were recorded; those are refused like any mismatch.
     */
    pageOrigin: text('page_origin'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last use, written at most once a minute: a session unused for 7 days ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The social identity signed in with (auth_identities), null for an email sign-in. */
    socialProvider: text('social_provider'),
    socialSubject: text('social_subject'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** The auth share of each wallet, AES-256-GCM under the auth-share key. */
export const authShares = pgTable('auth_shares', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The recovery share, under a different key (the recovery key), in its own table so that an
 * operator can move it to another database or restrict it with its own grants.
 */
export const authRecoveryShares = pgTable('auth_recovery_shares', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A social identity (provider and the provider's subject) and the user it signs in as
 * (docs/social.md#accounts). `username` is the provider's, refreshed at every sign-in.
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    username: text('username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('auth_identities_user_idx').on(t.userId),
  ],
)

/**
 * One social sign-in in progress (docs/social.md#the-flow). The `state` in the provider's URL
 * and the frame's `flow token` are stored hashed; the PKCE verifier and nonce are not secret
 * without the provider's code. `status`: pending → (callback) done or failed → (finish) used.
 */
export const authSocialFlows = pgTable(
  'auth_social_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    flowTokenHash: text('flow_token_hash').notNull().unique(),
    provider: text('provider').notNull(),
    projectId: text('project_id').notNull(),
    pageOrigin: text('page_origin').notNull(),
    /**
     * The secure frame's origin that started an OAuth flow (its request's `Origin`): the only
     * window the callback hands the result to. Null for Farcaster, which has no popup.
     */
    frameOrigin: text('frame_origin'),
    deviceHash: text('device_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    status: text('status').notNull().default('pending'),
    /** What the callback learnt: subject, username, email and whether the provider verified it. */
    identity: jsonb('identity'),
    /** Set by the callback: only the browser that signed in at the provider is handed it. */
    resultCodeHash: text('result_code_hash').unique(),
    /**
     * Farcaster through an upstream relay (docs/social.md#farcaster): the relay's channel token,
     * which this server needs in clear to ask the relay for the answer. Lives as long as the flow.
     */
    relayChannelToken: text('relay_channel_token'),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_social_flows_expiry_idx').on(t.expiresAt)],
)

/** A user row and, once read with it (auth/users.ts), its wallet's addresses by namespace. */
export type AuthUser = typeof authUsers.$inferSelect & {
  /** Absent only on a row just inserted, which has no wallet yet. */
  addresses?: Readonly<Record<string, string>>
}
