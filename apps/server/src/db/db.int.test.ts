import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { freePort } from '../../../../scripts/devchain/anvil.js'
import { createTestPostgres } from '../testing/postgres.js'
import { DatabaseOpenError } from './errors.js'
import { MIGRATIONS_FOLDER, migrate } from './migrate.js'
import { openDatabase } from './open.js'
import type { DatabaseHandle } from './types.js'

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'))

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]!.n
}

test('an unreachable Postgres is a DatabaseOpenError that hides the password', async () => {
  const url = `postgres://latch:hunter2@127.0.0.1:${await freePort()}/latch`
  const error = await openDatabase({ databaseUrl: url, dataDir: 'memory://' }).catch((e) => e)
  expect(error).toBeInstanceOf(DatabaseOpenError)
  expect(error.message).toContain('Cannot connect to Postgres at postgres://latch:***@127.0.0.1')
  expect(error.message).not.toContain('hunter2')
})

const postgres = await createTestPostgres()
if ('unavailable' in postgres) console.warn(`Skipping the Postgres tests: ${postgres.unavailable}`)

describe.skipIf('unavailable' in postgres)('migrate on Postgres', () => {
  const url = 'url' in postgres ? postgres.url : ''
  const handles: DatabaseHandle[] = []
  afterAll(async () => {
    for (const handle of handles) await handle.close()
    if ('drop' in postgres) await postgres.drop()
  })

  test('processes starting together migrate once, without tripping over each other', async () => {
    // The API server and the indexer each migrate on start.
    for (let i = 0; i < 3; i++)
      handles.push(await openDatabase({ databaseUrl: url, dataDir: 'memory://' }))
    await Promise.all(handles.map((handle) => migrate(handle)))
    for (const handle of handles)
      expect(await appliedMigrations(handle)).toBe(journal.entries.length)
  })
})
