import { describe, expect, it } from 'vitest'
import { SEED_MONTHS, seedBlockTimes } from './seed.js'

const monthOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 7)

describe('seedBlockTimes', () => {
  // Month ends broke the earlier rule (a day of `now` plus three days): on 2026-11-28 two seeded
  // months fell in October and none in September, 11 months in all.
  for (const now of [
    '2026-11-28T00:40:00Z',
    '2026-01-31T23:00:00Z',
    '2026-03-01T00:10:00Z',
    '2026-12-31T12:00:00Z',
    '2026-02-28T06:00:00Z',
    '2026-07-15T12:00:00Z',
  ])
    it(`gives one block in each of ${SEED_MONTHS} calendar months, oldest first (now ${now})`, () => {
      const times = seedBlockTimes(new Date(now))
      expect(times).toHaveLength(SEED_MONTHS)
      expect(new Set(times.map(monthOf)).size).toBe(SEED_MONTHS)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect((times.at(-1) as number) * 1000).toBeLessThan(Date.parse(now))
    })
})
