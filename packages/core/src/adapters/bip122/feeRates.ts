import type { FeeRateOption } from '../types.js'

/** The confirmation targets offered: next block, ~30 min, ~1 h, ~1 day. */
export const FEE_TARGETS = [1, 3, 6, 144] as const

/**
 * Esplora's `/fee-estimates` (blocks → sat/vB) as the few options a send offers: for each target,
 * the estimate for it or the nearest faster target the node has. A node with no estimates yet
 * (a quiet regtest) gives its relay floor, 1 sat/vB.
 */
export function feeRateOptions(estimates: Record<string, number>): FeeRateOption[] {
  const known = Object.entries(estimates)
    .map(([blocks, rate]) => ({ blocks: Number(blocks), satsPerVbyte: rate }))
    .filter((e) => Number.isInteger(e.blocks) && e.blocks > 0 && Number.isFinite(e.satsPerVbyte))
    .sort((a, b) => a.blocks - b.blocks)
  if (known.length === 0) return [{ blocks: 1, satsPerVbyte: 1 }]
  return FEE_TARGETS.map((blocks) => {
    const atOrFaster = known.filter((e) => e.blocks <= blocks).at(-1) ?? known[0]
    return { blocks, satsPerVbyte: Math.max(1, atOrFaster?.satsPerVbyte ?? 1) }
  })
}

/** The rate a send uses when the visitor picked none: the ~3-block target's. */
export function defaultFeeRate(options: readonly FeeRateOption[]): number {
  return options.find((o) => o.blocks === 3)?.satsPerVbyte ?? options[0]?.satsPerVbyte ?? 1
}
