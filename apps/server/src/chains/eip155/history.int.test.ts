import { sql } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import {
  accountAddress,
  BENCH_CHAIN_ID,
  fillSynthetic,
} from '../../../../../scripts/bench/history/synthetic.js'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import type { DatabaseHandle } from '../../db/types.js'
import { createTestPostgres } from '../../testing/postgres.js'
import type { CursorPosition } from '../shared/cursor.js'
import { readHistory } from './history.js'

const postgres = await createTestPostgres()
if ('unavailable' in postgres) console.warn(`Skipping the Postgres tests: ${postgres.unavailable}`)

/**
 * readHistory runs as a named prepared statement on Postgres (db/named-query.ts): after five
 * pages on a connection Postgres answers from a generic plan. Paging a whole account through
 * many pages proves the cached plan returns what the query says, page after page.
 */
describe.skipIf('unavailable' in postgres)('history pages on Postgres', () => {
  let handle: DatabaseHandle | undefined
  afterAll(async () => {
    await handle?.close()
    if ('drop' in postgres) await postgres.drop()
  })

  test('every row of an account once, newest first, on one chain and on every chain', async () => {
    handle = await openDatabase({
      databaseUrl: 'url' in postgres ? postgres.url : '',
      dataDir: 'memory://',
    })
    await migrate(handle)
    await fillSynthetic(handle.db, { transactions: 4_000, accounts: 100 })
    const address = accountAddress(0) as Address
    const counted = (await handle.db.execute(sql`
      select count(*)::int as n from chain_account_transactions where address = ${address}`)) as unknown as {
      rows: { n: number }[]
    }
    const total = counted.rows[0]!.n
    expect(total).toBeGreaterThan(150)

    for (const chainId of [BENCH_CHAIN_ID, null]) {
      const seen = new Set<string>()
      let after: CursorPosition | null = null
      let pages = 0
      let previous = Number.POSITIVE_INFINITY
      do {
        const page = await readHistory(handle.db, { address, chainId, after, limit: 20 })
        pages++
        for (const tx of page.txs) {
          const position = tx.minedAt * 1e6 + tx.blockNumber * 10 + tx.txIndex
          expect(position).toBeLessThan(previous)
          previous = position
          seen.add(tx.hash)
          expect(tx.from === address || tx.to === address).toBe(true)
        }
        after = page.next
      } while (after)
      expect(pages).toBeGreaterThan(6)
      expect(seen.size).toBe(total)
    }
  })
})
