import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type * as schema from './schema/index.js'

export type Schema = typeof schema

/** The database as routes and repositories see it: the same on PGlite and Postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseKind = 'pglite' | 'postgres'

interface HandleBase {
  db: Db
  /** Resolves when a trivial query succeeds. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface PgliteHandle extends HandleBase {
  kind: 'pglite'
  client: PGlite
}

export interface PostgresHandle extends HandleBase {
  kind: 'postgres'
  client: pg.Pool
}

/** `client` is the raw driver, for the rare job Drizzle cannot do (e.g. bulk COPY). */
export type DatabaseHandle = PgliteHandle | PostgresHandle
