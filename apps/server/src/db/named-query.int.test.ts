import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { createTestPostgres } from '../testing/postgres.js'
import { executeNamed } from './named-query.js'
import { openDatabase } from './open.js'
import type { DatabaseHandle } from './types.js'

// One plan fits every value here, as for the history page (an index range scan from the cursor).
const query = (n: number) =>
  sql`select g::int as n from generate_series(1, 100) as g where g <= ${n}`

test('on PGlite it is an ordinary query', async () => {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
  try {
    const { rows } = await executeNamed<{ n: number }>(handle.db, 'latch_test_series', query(3))
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3])
  } finally {
    await handle.close()
  }
})

const postgres = await createTestPostgres()
if ('unavailable' in postgres) console.warn(`Skipping the Postgres tests: ${postgres.unavailable}`)

describe.skipIf('unavailable' in postgres)('on Postgres', () => {
  let handle: DatabaseHandle | undefined
  afterAll(async () => {
    await handle?.close()
    if ('drop' in postgres) await postgres.drop()
  })

  test('a named statement, parsed once per connection, answers each call with its own values and ends on a generic plan', async () => {
    handle = await openDatabase({
      databaseUrl: 'url' in postgres ? postgres.url : '',
      dataDir: 'memory://',
    })
    if (handle.kind !== 'postgres') throw new Error('expected Postgres')
    // One connection, so the statement and its counters are the ones read below.
    const client = await handle.client.connect()
    client.release()
    for (let n = 1; n <= 8; n++) {
      const { rows } = await executeNamed<{ n: number }>(handle.db, 'latch_test_series', query(n))
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
    }
    expect(handle.client.totalCount).toBe(1)
    const stats = await handle.client.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans, custom_plans from pg_prepared_statements where name = 'latch_test_series'`,
    )
    expect(stats.rows).toHaveLength(1)
    expect(Number(stats.rows[0]!.custom_plans)).toBeGreaterThanOrEqual(5)
    expect(Number(stats.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(1)
  })
})
