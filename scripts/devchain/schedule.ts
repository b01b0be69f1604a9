import { type PlannedBlock, type PlannedTx, plannedBlocks } from './plan.js'

export type { PlannedTx, SeedKind } from './plan.js'

export interface SeedBlock {
  /** Unix seconds the block is mined at. */
  timestamp: number
  txs: readonly PlannedTx[]
}

export class ScheduleError extends Error {
  override name = 'ScheduleError'
}

const DAY = 86_400

/**
 * Genesis for a dev chain seeded relative to `now`: 1 January, three years before `now`'s year, so
 * the history (which starts 1085 days before `now`) always fits after it.
 */
export function genesisTimestampFor(now: Date = new Date()): number {
  return Date.UTC(now.getUTCFullYear() - 3, 0, 1) / 1000
}

function parseUtcTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!match) throw new ScheduleError(`bad time of day: ${time}`)
  return Number(match[1]) * 3600 + Number(match[2]) * 60
}

function timestampOf(block: PlannedBlock, genesis: number, midnight: number): number {
  if ('secondsAfterGenesis' in block.at) return genesis + block.at.secondsAfterGenesis
  return midnight - block.at.daysAgo * DAY + parseUtcTime(block.at.utcTime)
}

/**
 * The seeded history placed on the calendar: the same `now` always gives the same blocks. Every
 * block is at least a day before `now`, so nothing lands in the future.
 */
export function seedSchedule(now: Date = new Date()): SeedBlock[] {
  if (Number.isNaN(now.getTime())) throw new ScheduleError('now is an invalid date')
  const genesis = genesisTimestampFor(now)
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000
  const blocks = plannedBlocks.map((block) => ({
    timestamp: timestampOf(block, genesis, midnight),
    txs: block.txs,
  }))
  let previous = genesis
  for (const block of blocks) {
    if (block.timestamp <= previous)
      throw new ScheduleError(
        `blocks out of order at ${new Date(block.timestamp * 1000).toISOString()}`,
      )
    previous = block.timestamp
  }
  if (previous * 1000 >= now.getTime()) throw new ScheduleError('history would end after now')
  return blocks
}
