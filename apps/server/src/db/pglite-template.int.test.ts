import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, expect, test } from 'vitest'
import { pgliteTemplate } from '../testing/database.js'
import { MIGRATIONS_FOLDER, migrate } from './migrate.js'
import { openPglite } from './pglite.js'
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js'
import type { PgliteHandle } from './types.js'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-template-'))
const opened: PgliteHandle[] = []
const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] }

afterEach(async () => {
  delete process.env[PGLITE_TEMPLATE_ENV]
  for (const handle of opened.splice(0)) await handle.close()
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

async function open(name: string) {
  const handle = await openPglite(path.join(tmp, name))
  opened.push(handle)
  return handle
}

/** Migrations recorded as applied, or null before drizzle's table exists. */
async function applied(handle: PgliteHandle): Promise<number | null> {
  const table = await handle.client.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  )
  if (!table.rows[0]?.t) return null
  const rows = await handle.client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  )
  return rows.rows[0]!.n
}

test('without the variable a fresh folder is initdb-ed empty, and migrate runs every migration', async () => {
  const handle = await open('real-first-start')
  expect(await applied(handle)).toBeNull()
  await migrate(handle)
  expect(await applied(handle)).toBe(journal.entries.length)
}, 120_000)

test('with it a fresh folder starts migrated from the template and keeps it on disk', async () => {
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate()
  const first = await open('from-template')
  expect(await applied(first)).toBe(journal.entries.length)
  await migrate(first)
  expect(await applied(first)).toBe(journal.entries.length)
  await first.client.query("insert into projects (id, name) values ('kept', 'Kept')")
  await first.close()
  // Reopened (the variable still set): the folder's own database, not the template again.
  const again = await open('from-template')
  const rows = await again.client.query<{ id: string }>('select id from projects')
  expect(rows.rows.map((r) => r.id)).toEqual(['kept'])
}, 120_000)
