import fs from 'node:fs'
import path from 'node:path'
import { DatabaseOpenError } from './errors.js'

/**
 * Set by the test harness only (apps/server/src/testing/database.ts makes the file): a
 * `dumpDataDir()` tarball of a migrated PGlite. A spawned `latch-server` then starts a fresh
 * database from it instead of running initdb and every migration, 3.75 of the 6.4 s of CPU a
 * test server's start took (docs/benchmarks.md). Migrations still run after it, as on any start.
 */
export const PGLITE_TEMPLATE_ENV = 'LATCH_TEST_PGLITE_TEMPLATE'

/**
 * The template to load into `dir` (null: in memory), or undefined to open as the product always
 * does: without the variable, or when the folder already holds a database.
 */
export function pgliteTemplateFor(
  dir: string | null,
  env: NodeJS.ProcessEnv = process.env,
): Blob | undefined {
  const file = env[PGLITE_TEMPLATE_ENV]
  if (!file) return undefined
  if (dir && fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined
  try {
    return new Blob([fs.readFileSync(file)])
  } catch (error) {
    // Silently running initdb instead would hide a harness fault behind a slower suite.
    throw new DatabaseOpenError(
      `${PGLITE_TEMPLATE_ENV} names ${file}, which cannot be read: ${(error as Error).message}`,
    )
  }
}
