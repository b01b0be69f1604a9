import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plannedBlocks, type SeedKind } from './plan.js'
import { genesisTimestampFor, ScheduleError, seedSchedule } from './schedule.js'

const DAY = 86_400
const anyNow = fc.date({
  min: new Date('2001-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
})

describe('genesisTimestampFor', () => {
  it('is 1 January, three years before the year of now', () => {
    expect(genesisTimestampFor(new Date('2026-11-20T10:00:00Z'))).toBe(Date.UTC(2023, 0, 1) / 1000)
    expect(genesisTimestampFor(new Date('2024-01-01T00:00:00Z'))).toBe(Date.UTC(2021, 0, 1) / 1000)
  })
})

describe('seedSchedule', () => {
  it('is the same for the same now and moves with now', () => {
    const now = new Date('2026-05-05T05:05:05Z')
    expect(seedSchedule(new Date(now))).toEqual(seedSchedule(now))
    const later = seedSchedule(new Date('2026-05-06T05:05:05Z'))
    expect(later.at(-1)!.timestamp - seedSchedule(now).at(-1)!.timestamp).toBe(DAY)
  })

  it('fits between genesis and now, in order, for any now', () => {
    fc.assert(
      fc.property(anyNow, (now) => {
        const blocks = seedSchedule(now)
        const times = blocks.map((b) => b.timestamp)
        expect(times[0]).toBeGreaterThan(genesisTimestampFor(now))
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!)
        // Ends near now: the last block is on one of the two days before it.
        expect(now.getTime() / 1000 - times.at(-1)!).toBeGreaterThan(0)
        expect(now.getTime() / 1000 - times.at(-1)!).toBeLessThan(2 * DAY)
      }),
    )
  })

  it('covers 3+ calendar years and 15+ months for any now', () => {
    fc.assert(
      fc.property(anyNow, (now) => {
        const dates = seedSchedule(now).map((b) => new Date(b.timestamp * 1000).toISOString())
        expect(new Set(dates.map((d) => d.slice(0, 4))).size).toBeGreaterThanOrEqual(3)
        expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(15)
      }),
    )
  })

  it('plans every kind of transaction, and blocks holding several', () => {
    const kinds = new Set(plannedBlocks.flatMap((b) => b.txs.map((tx) => tx.kind)))
    const all: SeedKind[] = [
      'deploy',
      'token-mint',
      'native-transfer',
      'erc20-transfer',
      'erc20-approve',
      'nft-mint',
      'nft-transfer',
      'erc1155-mint',
      'erc1155-transfer',
      'erc1155-batch-transfer',
      'spam-airdrop',
      'spam-with-token',
      'swap',
      'add-liquidity',
      'reverted-call',
    ]
    expect([...kinds].sort()).toEqual([...all].sort())
    expect(plannedBlocks.filter((b) => b.txs.length >= 3).length).toBeGreaterThan(0)
    const reverted = plannedBlocks
      .flatMap((b) => b.txs)
      .filter((t) => t.expectedStatus === 'reverted')
    expect(reverted.map((t) => t.kind)).toEqual(['reverted-call'])
  })

  it('rejects an invalid date', () => {
    expect(() => seedSchedule(new Date(Number.NaN))).toThrow(ScheduleError)
  })
})
