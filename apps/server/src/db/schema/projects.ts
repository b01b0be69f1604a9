import { sql } from 'drizzle-orm'
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A dapp registered with this server; provider services answer per project id. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
  features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
  analyticsEnabled: boolean('analytics_enabled').notNull().default(false),
  /**
   * SHA-256 of the project's server secret: what a server (no browser Origin) presents to use
   * the RPC proxy. Null: server-to-server calls are refused (docs/provider-services.md).
   */
  secretHash: text('secret_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type Project = typeof projects.$inferSelect
export type NewProject = typeof projects.$inferInsert
