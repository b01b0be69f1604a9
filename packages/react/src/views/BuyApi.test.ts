import { describe, expect, it } from 'vitest'
import { type BuyOptions, checkBuyAmount, widestLimit } from './BuyApi.js'

const options: BuyOptions = {
  providers: [],
  assets: [],
  fiatCurrencies: ['USD'],
  paymentMethods: ['card', 'bank'],
  limits: [
    { provider: 'moonpay', paymentMethod: 'card', fiatCurrency: 'USD', min: '10', max: '7500' },
    { provider: 'coinbase', paymentMethod: 'card', fiatCurrency: 'USD', min: '2', max: '5000' },
    { provider: 'moonpay', paymentMethod: 'bank', fiatCurrency: 'USD', min: '10', max: '25000' },
  ],
}

describe('buy amount checks', () => {
  it('takes the widest range over the providers', () => {
    expect(widestLimit(options, 'card', 'USD')).toEqual({ min: '2', max: '7500' })
    expect(widestLimit(options, 'card', 'EUR')).toBeUndefined()
  })

  it('names why an amount cannot be bought, as the server would', () => {
    const card = { min: '10', max: '7500' }
    expect(checkBuyAmount('50', card)).toEqual({ ok: true })
    expect(checkBuyAmount('10', card)).toEqual({ ok: true })
    expect(checkBuyAmount('9.99', card)).toEqual({ ok: false, reason: 'below' })
    expect(checkBuyAmount('7500.01', card)).toEqual({ ok: false, reason: 'above' })
    expect(checkBuyAmount('', card)).toEqual({ ok: false, reason: 'empty' })
    expect(checkBuyAmount('1e3', card)).toEqual({ ok: false, reason: 'invalid' })
    expect(checkBuyAmount('50', undefined)).toEqual({ ok: false, reason: 'unavailable' })
  })
})
