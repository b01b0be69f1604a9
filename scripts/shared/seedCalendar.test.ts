import { describe, expect, it } from 'vitest'
import { midMonthBefore, monthStartBefore, seedMonthTimes } from './seedCalendar.js'

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7)

// Month ends, a leap day, the turn of a year and mid-month: the rule a day counted from `now`
// broke at the first three.
const NOWS = [
  '2026-11-28T00:40:00Z',
  '2026-01-31T23:00:00Z',
  '2026-03-31T10:00:00Z',
  '2028-02-29T06:00:00Z',
  '2026-12-31T23:59:00Z',
  '2026-07-15T12:00:00Z',
]

describe('seedMonthTimes', () => {
  for (const now of NOWS)
    it(`gives 16 distinct calendar months, oldest first, all before now (${now})`, () => {
      const times = seedMonthTimes(new Date(now), 16)
      expect(times).toHaveLength(16)
      expect(new Set(times.map(monthOf)).size).toBe(16)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect(times.at(-1) as number).toBeLessThan(Date.parse(now))
      // The newest is last month's, so this month stays free for what a test does today.
      expect(monthOf(times.at(-1) as number)).not.toBe(now.slice(0, 7))
    })
})

describe('midMonthBefore and monthStartBefore', () => {
  it('cross the turn of the year', () => {
    expect(new Date(midMonthBefore(Date.parse('2026-01-31T23:00:00Z'), 1)).toISOString()).toBe(
      '2025-12-15T12:00:00.000Z',
    )
    expect(new Date(monthStartBefore(Date.parse('2026-01-31T23:00:00Z'), 16)).toISOString()).toBe(
      '2024-09-01T00:00:00.000Z',
    )
  })

  it('puts a month start before every batch of that month', () => {
    for (const now of NOWS)
      expect(monthStartBefore(Date.parse(now), 16)).toBeLessThan(
        seedMonthTimes(Date.parse(now), 16)[0] as number,
      )
  })
})
