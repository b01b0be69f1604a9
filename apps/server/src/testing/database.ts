import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Config, IN_MEMORY_DATA_DIR } from '../config.js'
import { MIGRATIONS_FOLDER, migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import { openPglite } from '../db/pglite.js'
import { PGLITE_TEMPLATE_ENV } from '../db/pglite-template.js'
import type { DatabaseHandle, PgliteHandle } from '../db/types.js'

// initdb dominates PGlite's start (seconds; tens of seconds on a busy machine). Loading a
// dump of an already migrated database is several times faster, so tests share one per
// migrations version, kept in the OS temp folder across test files and runs.
function templateFile(): string {
  const hash = createHash('sha256')
  // The package does not export its package.json; its entry file sits in dist/.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json')))
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file)
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full))
  }
  return path.join(os.tmpdir(), `latch-pglite-${hash.digest('hex').slice(0, 16)}.tar`)
}

/** A migrated in-memory PGlite, private to the caller; close it when done. */
export async function openTestDatabase(): Promise<PgliteHandle> {
  const file = templateFile()
  if (fs.existsSync(file)) {
    try {
      const dump = new Blob([fs.readFileSync(file)])
      return await openPglite(IN_MEMORY_DATA_DIR, { loadDataDir: dump })
    } catch {
      // A damaged template is rebuilt below.
      fs.rmSync(file, { force: true })
    }
  }
  const handle = await openPglite(IN_MEMORY_DATA_DIR)
  await migrate(handle)
  const dump = await handle.client.dumpDataDir('none')
  // Written aside then renamed: parallel test files never read half a template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  fs.renameSync(partial, file)
  return handle
}

/** The migrated template's file, made first if this run has none yet. */
export async function pgliteTemplate(): Promise<string> {
  const file = templateFile()
  if (!fs.existsSync(file)) await (await openTestDatabase()).close()
  return file
}

const MAKE_TEMPLATE = fileURLToPath(new URL('./make-template.ts', import.meta.url))

/**
 * `pgliteTemplate()` for synchronous callers (`spawnCli`): when the file is missing, a child
 * process makes it (once per migrations version; seconds, then reused by every later run).
 */
export function pgliteTemplateSync(): string {
  const file = templateFile()
  if (fs.existsSync(file)) return file
  execFileSync(process.execPath, ['--import', 'tsx', '--conditions=latch-source', MAKE_TEMPLATE], {
    cwd: path.dirname(MAKE_TEMPLATE),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return file
}

/**
 * The environment that makes a spawned `latch-server` (or `npm start`) open a fresh PGlite from
 * the migrated template instead of running initdb and the migrations (db/pglite-template.ts).
 * `LATCH_TEST_PGLITE_TEMPLATE_OFF=1` in the test run's environment turns it off, to time the
 * same tree both ways (docs/benchmarks.md).
 */
export function pgliteTemplateEnv(): Record<string, string> {
  if (process.env.LATCH_TEST_PGLITE_TEMPLATE_OFF === '1') return {}
  return { [PGLITE_TEMPLATE_ENV]: pgliteTemplateSync() }
}

/**
 * `openDatabase(config)` for tests: an in-memory PGlite comes from the migrated template above
 * (about 2 s instead of 8 s on a busy machine, docs/benchmarks.md#integration-step-2026-11-27);
 * Postgres and PGlite folders open as the product opens them.
 */
export async function openTestDatabaseFor(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  if (!config.databaseUrl && config.dataDir === IN_MEMORY_DATA_DIR) return openTestDatabase()
  return openDatabase(config)
}
