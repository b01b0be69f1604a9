/**
 * When the dev chains' seeded months happen. Every family's seed writes one batch of history per
 * calendar month; counting months from today's day spills over short months' ends (the 31st
 * plus a month is the 3rd of the month after next), so two batches share a month and another
 * has none. The Bitcoin seed lost five months that way on 2026-11-28 (docs/benchmarks.md,
 * "2026-11-28"). Noon on the 15th never spills.
 */

/** Noon UTC on the 15th, `months` calendar months before `now`'s month, in milliseconds. */
export function midMonthBefore(now: Date | number, months: number): number {
  const day = new Date(now)
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - months, 15, 12)
}

/** Midnight UTC on the 1st of the month `months` calendar months before `now`'s: before any of
 * that month's batches, so a chain whose genesis sits here can hold them all. */
export function monthStartBefore(now: Date | number, months: number): number {
  const day = new Date(now)
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - months, 1)
}

/** The seed's monthly batch times, oldest first: mid-month for `months` down to 1 month back. */
export function seedMonthTimes(now: Date | number, months: number): number[] {
  const times: number[] = []
  for (let back = months; back >= 1; back--) times.push(midMonthBefore(now, back))
  return times
}
