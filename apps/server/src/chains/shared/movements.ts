import type { OperationType } from '@latch/core/wire'

/** What the viewer's value movements say, by asset key; null when none moved for the viewer. */
export interface Movements {
  ins: ReadonlySet<string>
  outs: ReadonlySet<string>
  /** An arrival came from nowhere (the zero address, or a Solana mint). */
  minted: boolean
  /** A departure went nowhere. */
  burned: boolean
  self: boolean
}

/**
 * The value rules every namespace's rows share (EVM's classify.ts, Solana's wire.ts): different assets
 * out and in → trade; only arrivals → mint or receive; only departures → burn or send; only
 * self-transfers → send.
 */
export function classifyMovements({
  ins,
  outs,
  minted,
  burned,
  self,
}: Movements): OperationType | null {
  if (outs.size > 0 && ins.size > 0) {
    for (const key of ins) if (!outs.has(key)) return 'trade'
    for (const key of outs) if (!ins.has(key)) return 'trade'
    return 'send'
  }
  if (ins.size > 0) return minted ? 'mint' : 'receive'
  if (outs.size > 0) return burned ? 'burn' : 'send'
  if (self) return 'send'
  return null
}
