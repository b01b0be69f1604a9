import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { IN_MEMORY_DATA_DIR } from '../config.js'
import { DatabaseOpenError } from './errors.js'
import { lockDataDir } from './lock.js'
import { pgliteTemplateFor } from './pglite-template.js'
import * as schema from './schema/index.js'
import type { Db, PgliteHandle } from './types.js'

/** Where PGlite keeps its files under `LATCH_DATA_DIR`, or null when in memory. */
export function pgliteDir(dataDir: string): string | null {
  return dataDir === IN_MEMORY_DATA_DIR ? null : path.join(dataDir, 'pglite')
}

export interface OpenPgliteOptions {
  /**
   * A `dumpDataDir()` tarball to start from instead of running initdb (test templates); by
   * default the harness's LATCH_TEST_PGLITE_TEMPLATE when set (pglite-template.ts).
   */
  loadDataDir?: Blob
}

export async function openPglite(
  dataDir: string,
  options: OpenPgliteOptions = {},
): Promise<PgliteHandle> {
  const dir = pgliteDir(dataDir)
  const loadDataDir = options.loadDataDir ?? pgliteTemplateFor(dir)
  let release = () => {}
  let client: PGlite
  if (dir) {
    try {
      fs.mkdirSync(dir, { recursive: true })
    } catch (error) {
      throw new DatabaseOpenError(
        `Cannot create the PGlite data folder ${dir}: ${(error as Error).message}`,
      )
    }
    release = lockDataDir(dir)
  }
  try {
    client = await PGlite.create(dir ?? IN_MEMORY_DATA_DIR, { loadDataDir })
    await client.query('select 1')
  } catch (error) {
    release()
    // PGlite aborts its WebAssembly Postgres on unreadable files; the raw error says only "Aborted()".
    throw new DatabaseOpenError(
      dir
        ? `The PGlite data folder ${dir} could not be opened (${(error as Error).message}). It may be corrupt: move it aside to start with an empty database, or point LATCH_DATA_DIR elsewhere.`
        : `In-memory PGlite failed to start: ${(error as Error).message}`,
      { cause: error },
    )
  }
  const db = drizzle({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    client,
    async ping() {
      await db.execute(sql`select 1`)
    },
    async close() {
      try {
        if (!client.closed) await client.close()
      } finally {
        release()
      }
    },
  }
}
