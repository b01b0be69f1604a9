import { describe, expect, it } from 'vitest'
import { AmountOutOfLimitsError, checkAmount, decimalOf, limitFor, toCents } from './limits.js'

describe('on-ramp limits', () => {
  it('falls back to the seed limits: card 10 to 7,500 USD, bank 10 to 25,000', () => {
    expect(limitFor([], 'card', 'USD')).toMatchObject({
      min: '10',
      max: '7500',
      source: 'fallback',
    })
    expect(limitFor([], 'bank', 'USD')).toMatchObject({ min: '10', max: '25000' })
    expect(limitFor([], 'card', 'EUR')).toBeUndefined()
  })

  it("prefers the provider's own limits", () => {
    const own = [{ paymentMethod: 'card' as const, fiatCurrency: 'USD', min: '20', max: '1000' }]
    expect(limitFor(own, 'card', 'USD')).toMatchObject({ min: '20', source: 'provider' })
    expect(() => checkAmount(own, 'card', 'USD', '15')).toThrow(/from 20 to 1000 USD/)
  })

  it('refuses amounts outside, naming the limits, and accepts the edges', () => {
    expect(() => checkAmount([], 'card', 'USD', '9.99')).toThrow(AmountOutOfLimitsError)
    expect(() => checkAmount([], 'card', 'USD', '7500.01')).toThrow(
      'By card you can buy from 10 to 7500 USD',
    )
    expect(checkAmount([], 'card', 'USD', '10').max).toBe('7500')
    expect(checkAmount([], 'bank', 'USD', '25000').max).toBe('25000')
    expect(() => checkAmount([], 'card', 'EUR', '50')).toThrow(/not offered/)
  })

  it('reads amounts exactly in cents and refuses anything else', () => {
    expect(toCents('50')).toBe(5000n)
    expect(toCents('0.5')).toBe(50n)
    for (const bad of ['1e3', '-5', '1.234', '', '01', 'NaN', '1.'])
      expect(() => toCents(bad)).toThrow(/not an amount/)
    expect(decimalOf(30.5)).toBe('30.5')
    expect(decimalOf('7500.000')).toBe('7500')
    expect(decimalOf(-1)).toBeUndefined()
  })
})
