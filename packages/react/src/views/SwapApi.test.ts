import { describe, expect, it } from 'vitest'
import {
  failureReason,
  fromBaseUnits,
  isSlippage,
  minimumReceived,
  networkFee,
  priceImpact,
  toBaseUnits,
} from './SwapApi.js'

describe('swap amounts', () => {
  it('reads typed amounts into base units, refusing what the token cannot hold', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toBaseUnits('2500', 6)).toBe(2_500_000_000n)
    expect(toBaseUnits('0.000001', 6)).toBe(1n)
    for (const bad of ['', '0', '0.0', '-1', '1e3', '1.0000001', 'abc', '.5'])
      expect({ bad, units: toBaseUnits(bad, 6) }).toEqual({ bad, units: undefined })
  })

  it('shows base units shortly', () => {
    expect(fromBaseUnits(2_960_519_606n, 6)).toBe('2960.519606')
    expect(fromBaseUnits(1_234_567_890_123_456_789n, 18, 4)).toBe('1.2345')
    expect(fromBaseUnits(5_000_000n, 6)).toBe('5')
  })

  it('takes the slippage off the quote for the minimum received', () => {
    expect(minimumReceived(1_000_000n, '1')).toBe(990_000n)
    expect(minimumReceived(1_000_000n, '0.5')).toBe(995_000n)
    expect(isSlippage('1')).toBe(true)
    expect(isSlippage('0.05')).toBe(true)
    for (const bad of ['0', '51', '', '1e1', '-1', '100']) expect(isSlippage(bad)).toBe(false)
  })
})

describe('why a swap failed', () => {
  const words = { priceMoved: 'moved', expired: 'expired', rejected: 'declined' }
  const wrapped = (inner: object) => {
    const error = new Error('The wallet did not send the calls') as Error & { cause?: unknown }
    error.cause = inner
    return error
  }

  it("finds the router's reason under the wallet's error", () => {
    const node = {
      code: -32603,
      message: 'execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    }
    expect(failureReason(wrapped(node), words)).toBe('moved')
    expect(failureReason(wrapped({ message: 'reverted: UniswapV2Router: EXPIRED' }), words)).toBe(
      'expired',
    )
    expect(
      failureReason(wrapped({ code: 4001, message: 'User rejected the request.' }), words),
    ).toBe('declined')
  })

  it('shows the innermost message for anything else', () => {
    expect(failureReason(wrapped({ message: 'insufficient funds for gas' }), words)).toBe(
      'insufficient funds for gas',
    )
    expect(failureReason(new Error('plain'), words)).toBe('plain')
  })
})

describe('price impact and network fee', () => {
  it('is the share of the worth paid that the quote does not return, at market prices', () => {
    // 10 ETH into a 100 ETH : 300,000 LUSD pool: about 27,198 LUSD, 9.3 % under 30,000.
    const impact = priceImpact(
      { units: 10n * 10n ** 18n, decimals: 18, usd: 3000 },
      { units: 27_198_000_000n, decimals: 6, usd: 1 },
    )
    expect(impact).toBeCloseTo(9.34, 2)
    const tiny = priceImpact(
      { units: 10n ** 16n, decimals: 18, usd: 3000 },
      { units: 29_910_000n, decimals: 6, usd: 1 },
    )
    expect(tiny).toBeCloseTo(0.3, 2)
  })

  it('is unknown without both prices', () => {
    const paid = { units: 10n ** 18n, decimals: 18, usd: 3000 }
    expect(priceImpact(paid, { units: 1n, decimals: 6, usd: undefined })).toBeUndefined()
    expect(priceImpact({ ...paid, usd: 0 }, { units: 1n, decimals: 6, usd: 1 })).toBeUndefined()
  })

  it('prices the fee as the gas limit at the gas price the swap was built with', () => {
    expect(networkFee({ eip155: { gas: '150000', gasPrice: '2000000000' } })).toBe(
      300_000_000_000_000n,
    )
  })
})
