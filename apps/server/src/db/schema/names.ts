import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The account-name registry (docs/names.md): one row per name, owned by the address whose
 * signature registered it. The name is the primary key, so of two registrations racing for one
 * name exactly one insert succeeds. An address's primary name is its newest.
 */
export const accountNames = pgTable(
  'account_names',
  {
    /** Full and lower-cased, e.g. `alice.latch.id`. */
    name: text('name').primaryKey(),
    /** Lower-cased. */
    address: text('address').notNull(),
    /** ENSIP-11 coin type of the chain it was registered on. */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<{ avatar?: string; bio?: string }>().notNull(),
    /** The signed registration message and its signature, kept as proof of ownership. */
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_names_address_idx').on(t.address, t.registeredAt)],
)

/**
 * Recent registrations by client address and project, for the limits that hold against fresh
 * keys (docs/names.md#limits). Rows older than a day are deleted as new ones arrive.
 */
export const nameRegistrations = pgTable(
  'name_registrations',
  {
    name: text('name').primaryKey(),
    /** The client's address as the server saw it (after its trusted-proxy rule). */
    ip: text('ip').notNull(),
    projectId: text('project_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('name_registrations_ip_idx').on(t.ip, t.at),
    index('name_registrations_project_idx').on(t.projectId, t.at),
    index('name_registrations_at_idx').on(t.at),
  ],
)
