import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db } from './types.js'

const dialect = new PgDialect()

/**
 * Runs `query` as the named prepared statement `name` on Postgres: each pooled connection parses
 * it once, and after five runs Postgres keeps a generic plan when it costs no more than the
 * custom ones, so a hot query stops paying for parsing and planning — for the history page,
 * planning took as long as executing (docs/benchmarks.md, history at scale). On PGlite (one
 * in-process connection) it is an ordinary `execute`.
 *
 * `name` must always go with the same SQL text (pg refuses a second text under one name). Rows
 * come through pg's default type parsers, not Drizzle's: use it for queries without timestamp or
 * date columns, which Drizzle would return as text.
 */
export async function executeNamed<Row extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQL,
): Promise<{ rows: Row[] }> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return client.query<Row>({ name, text, values: params })
  }
  return (await db.execute(query)) as unknown as { rows: Row[] }
}
