import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { type Config, IN_MEMORY_DATA_DIR } from '../config.js'
import { MIGRATIONS_FOLDER, migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import { openPglite } from '../db/pglite.js'
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
