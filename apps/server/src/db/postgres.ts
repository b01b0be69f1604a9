import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { DatabaseOpenError } from './errors.js'
import * as schema from './schema/index.js'
import type { Db, PostgresHandle } from './types.js'

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  if (url.password) url.password = '***'
  return url.href
}

export async function openPostgres(databaseUrl: string): Promise<PostgresHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 })
  // An idle client dropped by the server emits here; without a listener it would crash the process.
  pool.on('error', () => {})
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseOpenError(
      `Cannot connect to Postgres at ${withoutPassword(databaseUrl)}: ${(error as Error).message}`,
      { cause: error },
    )
  }
  const db = drizzle({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    client: pool,
    async ping() {
      await db.execute(sql`select 1`)
    },
    async close() {
      await pool.end()
    },
  }
}
