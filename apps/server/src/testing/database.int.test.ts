import { sql } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { migrate } from '../db/migrate.js'
import { projects } from '../db/schema/projects.js'
import type { PgliteHandle } from '../db/types.js'
import { openTestDatabase } from './database.js'

const opened: PgliteHandle[] = []
afterAll(async () => {
  for (const handle of opened) await handle.close()
})

async function open() {
  const handle = await openTestDatabase()
  opened.push(handle)
  return handle
}

test('test databases are migrated and private to their caller', async () => {
  const first = await open()
  const second = await open()
  await first.db.insert(projects).values({ id: 'only-in-first', name: 'A' })
  expect(await first.db.select().from(projects)).toHaveLength(1)
  expect(await second.db.select().from(projects)).toHaveLength(0)
  const applied = async (handle: PgliteHandle) =>
    (
      await handle.client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
    ).rows[0]!.n
  const count = await applied(second)
  expect(count).toBeGreaterThan(0)
  await migrate(second)
  expect(await applied(second)).toBe(count)
  await second.db.execute(sql`select 1`)
})
