import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.js'
import { createChainClient } from '../chain.js'
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import type { DatabaseHandle } from '../db/types.js'
import { createLogger } from '../logger.js'
import { openTestDatabaseFor } from '../testing/database.js'
import { createTestPostgres } from '../testing/postgres.js'

export type DatabaseKind = 'pglite' | 'postgres'

export interface ProviderTestApp {
  app: FastifyInstance
  database: DatabaseHandle
  close(): Promise<void>
}

/**
 * A migrated database (in-memory PGlite, or a fresh Postgres database) and the whole app on it.
 * Resolves with the reason instead when Postgres is asked for and none answers.
 */
export async function openTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<ProviderTestApp | { unavailable: string }> {
  let dropDatabase = async () => {}
  const dbEnv: Record<string, string> = { LATCH_DATA_DIR: 'memory://' }
  if (kind === 'postgres') {
    const pg = await createTestPostgres()
    if ('unavailable' in pg) return pg
    dbEnv.DATABASE_URL = pg.url
    dropDatabase = pg.drop
  }
  const config = loadConfig({ LATCH_LOG_LEVEL: 'silent', ...dbEnv, ...env })
  const database = await openTestDatabaseFor(config)
  await migrate(database)
  const app = await buildApp({
    config,
    db: database,
    logger: createLogger({ logLevel: 'silent' }),
    // Provider routes never touch the chain; a closed port keeps the test offline.
    chain: createChainClient('http://127.0.0.1:9'),
  })
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close().catch(() => {})
      await dropDatabase()
    },
  }
}
