import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { MigrationError } from './errors.js'
import type { DatabaseHandle, Schema } from './types.js'

/**
 * The package's `drizzle/` folder: two levels above this file in `src/db/`, one above the
 * bundle in `dist/`.
 */
export const MIGRATIONS_FOLDER = ['../../drizzle', '../drizzle']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((folder) => existsSync(`${folder}/meta/_journal.json`)) as string

// Any constant shared by every Latch process: serialises migrations when the API server and
// the indexer start at once against the same Postgres.
const MIGRATION_LOCK_KEY = 0x1a7c4

/** Applies the pending migrations of `apps/server/drizzle`; safe to run on every start. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER }
  try {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config)
      return
    }
    const lock = await handle.client.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migratePostgres(handle.db as unknown as NodePgDatabase<Schema>, config)
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
      lock.release()
    }
  } catch (error) {
    throw new MigrationError(`Database migration failed: ${(error as Error).message}`, {
      cause: error,
    })
  }
}
