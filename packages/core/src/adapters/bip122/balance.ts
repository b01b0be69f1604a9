import type { EsploraAddress } from './esplora.js'

/** Satoshis as a decimal BTC string: 150000000 → "1.5", -100000 → "-0.001". */
export function formatSats(sats: bigint): string {
  const sign = sats < 0n ? '-' : ''
  const abs = sats < 0n ? -sats : sats
  const whole = abs / 100_000_000n
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Confirmed satoshis, and the mempool's change on top (negative while a spend is pending). */
export function satsOf(stats: EsploraAddress): { confirmed: bigint; pending: bigint } {
  const { chain_stats: chain, mempool_stats: mempool } = stats
  return {
    confirmed: BigInt(chain.funded_txo_sum) - BigInt(chain.spent_txo_sum),
    pending: BigInt(mempool.funded_txo_sum) - BigInt(mempool.spent_txo_sum),
  }
}
