import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { projects } from './projects.js'

/** A wallet of the catalogue served by `GET /getWallets`: the curated dataset plus synced ones. */
export const catalogueWallets = pgTable(
  'catalogue_wallets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    imageId: text('image_id').notNull(),
    rdns: text('rdns'),
    /** CAIP-2 ids. */
    chains: text('chains').array().notNull().default(sql`'{}'::text[]`),
    homepage: text('homepage'),
    mobileLink: text('mobile_link'),
    desktopLink: text('desktop_link'),
    webappLink: text('webapp_link'),
    appStore: text('app_store'),
    playStore: text('play_store'),
    chromeStore: text('chrome_store'),
    injected: jsonb('injected').$type<{ namespace: string; injected_id: string }[]>(),
    badgeType: text('badge_type').notNull().default('none'),
    /** Lower comes first; ties sort by name. */
    order: integer('order').notNull().default(1000),
    /** 'curated' (shipped dataset) or 'explorer' (imported by `catalogue sync`). */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('catalogue_wallets_image_id').on(t.imageId)],
)

/** `POST /e` with `props.type = 'error'`: kept whatever the project's analytics setting. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    sdkType: text('sdk_type').notNull(),
    sdkVersion: text('sdk_version').notNull(),
    event: text('event').notNull(),
    errorType: text('error_type').notNull(),
    errorMessage: text('error_message').notNull(),
    stackTrace: text('stack_trace'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('error_reports_event').on(t.projectId, t.eventId)],
)

/** `POST /e` with `props.type = 'track'`: kept only when the project enables analytics. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    sdkType: text('sdk_type').notNull(),
    sdkVersion: text('sdk_version').notNull(),
    event: text('event').notNull(),
    address: text('address'),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analytics_events_event').on(t.projectId, t.eventId),
    index('analytics_events_name').on(t.projectId, t.event),
  ],
)

export type CatalogueWallet = typeof catalogueWallets.$inferSelect
export type NewCatalogueWallet = typeof catalogueWallets.$inferInsert
export type ErrorReportRow = typeof errorReports.$inferSelect
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect
