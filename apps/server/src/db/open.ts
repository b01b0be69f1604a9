import type { Config } from '../config.js'
import { openPglite } from './pglite.js'
import { openPostgres } from './postgres.js'
import type { DatabaseHandle } from './types.js'

/** Postgres when `DATABASE_URL` is set, else PGlite under `LATCH_DATA_DIR` (or in memory). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir)
}
