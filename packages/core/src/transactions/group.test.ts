import { afterAll, describe, expect, it } from 'vitest'
import { tx } from './fixtures.testing.js'
import { groupByYearAndMonth, orderedGroups } from './group.js'

// Local-time grouping: the tests pin the zone so a month boundary means the same everywhere.
// Unit files share their worker's process (vitest.config.ts: isolate off), so the zone goes back.
const zone = process.env.TZ
process.env.TZ = 'America/New_York'
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe('groupByYearAndMonth', () => {
  it('groups by local year and month, newest first inside a month', () => {
    const grouped = groupByYearAndMonth({}, [
      tx('a', '2024-03-02T12:00:00Z'),
      tx('b', '2024-03-20T12:00:00Z'),
      tx('c', '2023-12-31T12:00:00Z'),
    ])
    expect(grouped[2024]?.[2]?.map((t) => t.id)).toEqual(['b', 'a'])
    expect(grouped[2023]?.[11]?.map((t) => t.id)).toEqual(['c'])
  })

  it('uses local time: 03:00 UTC on Jan 1st is still December in New York', () => {
    const grouped = groupByYearAndMonth({}, [tx('a', '2025-01-01T03:00:00Z')])
    expect(grouped[2024]?.[11]?.map((t) => t.id)).toEqual(['a'])
  })

  it('replaces an older copy of the same id within its month', () => {
    const first = groupByYearAndMonth({}, [tx('a', '2024-03-02T12:00:00Z')])
    const updated = {
      ...tx('a', '2024-03-02T12:00:00Z'),
      metadata: { ...tx('a', '2024-03-02T12:00:00Z').metadata, status: 'failed' as const },
    }
    const merged = groupByYearAndMonth(first, [updated, tx('b', '2024-03-01T12:00:00Z')])
    expect(merged[2024]?.[2]?.map((t) => [t.id, t.metadata.status])).toEqual([
      ['a', 'failed'],
      ['b', 'confirmed'],
    ])
    // The input groups are not mutated.
    expect(first[2024]?.[2]).toHaveLength(1)
  })

  it('orders groups newest year, then newest month, first', () => {
    const grouped = groupByYearAndMonth({}, [
      tx('a', '2023-05-10T12:00:00Z'),
      tx('b', '2024-01-10T12:00:00Z'),
      tx('c', '2024-11-10T12:00:00Z'),
      tx('d', '2023-12-10T12:00:00Z'),
    ])
    expect(orderedGroups(grouped).map((g) => `${g.year}-${g.month + 1}`)).toEqual([
      '2024-11',
      '2024-1',
      '2023-12',
      '2023-5',
    ])
  })
})
