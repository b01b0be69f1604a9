import { describe, expect, it } from 'vitest'
import { formatSats, satsOf } from './balance.js'
import { defaultFeeRate, feeRateOptions } from './feeRates.js'

describe('feeRateOptions', () => {
  it('offers 1, 3, 6 and 144 blocks, each from its estimate or the nearest faster one', () => {
    const options = feeRateOptions({ '1': 20.5, '2': 15, '3': 12, '5': 8, '144': 1.2, '1008': 1 })
    expect(options).toEqual([
      { blocks: 1, satsPerVbyte: 20.5 },
      { blocks: 3, satsPerVbyte: 12 },
      { blocks: 6, satsPerVbyte: 8 },
      { blocks: 144, satsPerVbyte: 1.2 },
    ])
    expect(defaultFeeRate(options)).toBe(12)
  })

  it('answers the relay floor when the node has no estimate (a quiet regtest)', () => {
    expect(feeRateOptions({})).toEqual([{ blocks: 1, satsPerVbyte: 1 }])
    expect(defaultFeeRate(feeRateOptions({}))).toBe(1)
    expect(feeRateOptions({ x: 3, '2': Number.NaN })).toEqual([{ blocks: 1, satsPerVbyte: 1 }])
  })
})

describe('balances', () => {
  it('formats satoshis as BTC and splits confirmed from pending', () => {
    expect(formatSats(150_000_000n)).toBe('1.5')
    expect(formatSats(1n)).toBe('0.00000001')
    expect(formatSats(-100_000n)).toBe('-0.001')
    expect(formatSats(0n)).toBe('0')
    const stats = (funded: number, spent: number) => ({
      funded_txo_sum: funded,
      spent_txo_sum: spent,
      tx_count: 1,
    })
    expect(
      satsOf({ address: 'a', chain_stats: stats(500, 200), mempool_stats: stats(50, 120) }),
    ).toEqual({ confirmed: 300n, pending: -70n })
  })
})
