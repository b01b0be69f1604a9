import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOnrampConfig } from './config.js'
import { type Answer, type SeenRequest, serveAnswers } from './fixtures/loopback.js'
import {
  moonpayBuyQuote,
  moonpayCurrencies,
  moonpayTransaction,
} from './fixtures/moonpay-answers.js'
import { createMoonPay, parseSignatureHeader, webhookSignatureMatches } from './moonpay.js'
import { ProviderRefusedError, ProviderUnavailableError } from './types.js'

const PK = 'pk_test_latchLoopbackKey'
const SK = 'sk_test_latchLoopbackSecret'
const ETH = {
  network: 'eip155:1',
  symbol: 'ETH',
  name: 'Ethereum',
  address: null,
  code: 'eth',
  providerNetwork: 'ethereum',
}

describe('MoonPay adapter against recorded answers on loopback', () => {
  let server: Awaited<ReturnType<typeof serveAnswers>>
  let next: ((r: SeenRequest) => Answer) | undefined
  beforeAll(async () => {
    server = await serveAnswers((r) => {
      if (next) return next(r)
      if (r.url.pathname === '/v3/currencies') return { body: moonpayCurrencies }
      if (r.url.pathname === '/v3/currencies/eth/buy_quote') return { body: moonpayBuyQuote }
      return { status: 404, body: { message: 'Not found' } }
    })
  })
  afterAll(() => server.close())
  const moonpay = () =>
    createMoonPay(
      readOnrampConfig({
        LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY: PK,
        LATCH_ONRAMP_MOONPAY_SECRET_KEY: SK,
        LATCH_ONRAMP_MOONPAY_BASE_URL: server.url,
        LATCH_ONRAMP_MOONPAY_WIDGET_URL: `${server.url}/widget`,
      }).moonpay ?? (undefined as never),
    )

  it('reads EVM assets with their chain, card limits per fiat currency; drops suspended and non-EVM', async () => {
    next = undefined
    const options = await moonpay().options()
    expect(options.assets).toEqual([
      ETH,
      {
        network: 'eip155:8453',
        symbol: 'USDC',
        name: 'USD Coin (Base)',
        address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        code: 'usdc_base',
        providerNetwork: 'base',
      },
    ])
    expect(options.fiatCurrencies).toEqual(['USD', 'EUR'])
    expect(options.limits).toContainEqual({
      paymentMethod: 'card',
      fiatCurrency: 'USD',
      min: '30',
      max: '12000',
    })
    expect(server.seen.at(-1)?.url.searchParams.get('apiKey')).toBe(PK)
  })

  it('quotes with the documented query and reads amount out, fees and total', async () => {
    const quote = await moonpay().quote({
      asset: ETH,
      fiatCurrency: 'USD',
      fiatAmount: '50',
      paymentMethod: 'card',
    })
    expect(quote).toEqual({
      cryptoAmount: '0.01423',
      providerFee: '2.49',
      networkFee: '0.38',
      total: '52.87',
    })
    const q = server.seen.at(-1)?.url.searchParams
    expect(Object.fromEntries(q ?? [])).toMatchObject({
      apiKey: PK,
      baseCurrencyCode: 'usd',
      baseCurrencyAmount: '50',
      paymentMethod: 'credit_debit_card',
    })
  })

  it("passes MoonPay's refusal on, without any key it may quote", async () => {
    next = () => ({
      status: 400,
      body: { message: `Amount too low for apiKey ${PK}`, type: 'BadRequestError' },
    })
    const quote = moonpay().quote({
      asset: ETH,
      fiatCurrency: 'USD',
      fiatAmount: '5',
      paymentMethod: 'card',
    })
    await expect(quote).rejects.toThrow(ProviderRefusedError)
    await expect(quote).rejects.toThrow('moonpay: Amount too low for apiKey [key]')
    next = () => ({ status: 401, body: { message: `Invalid key ${SK}` } })
    await expect(moonpay().options()).rejects.toThrow(ProviderUnavailableError)
    next = () => ({ status: 503, body: { message: 'down' } })
    await expect(moonpay().options()).rejects.toMatchObject({ code: 'ONRAMP_PROVIDER_UNAVAILABLE' })
    next = undefined
  })

  it('signs the widget URL: HMAC-SHA256 of the query with the secret key, base64', async () => {
    const url = new URL(
      await moonpay().checkoutUrl({
        asset: ETH,
        fiatCurrency: 'USD',
        fiatAmount: '50',
        paymentMethod: 'card',
        sessionId: 'b7b0c4f2-9f8e-4a51-8f3e-2b0f0a1e9c77',
        projectId: 'p1',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        redirectUrl: 'http://localhost:5173/',
        clientIp: '127.0.0.1',
      }),
    )
    const signature = url.searchParams.get('signature')
    const unsigned = url.search.slice(0, url.search.indexOf('&signature='))
    expect(signature).toBe(createHmac('sha256', SK).update(unsigned).digest('base64'))
    expect(url.searchParams.get('walletAddress')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(url.searchParams.get('externalTransactionId')).toBe(
      'b7b0c4f2-9f8e-4a51-8f3e-2b0f0a1e9c77',
    )
    expect(url.searchParams.get('externalCustomerId')).toBe('p1')
    expect(url.toString()).not.toContain(SK)
    // Changing the wallet after signing breaks the signature.
    const forged = unsigned.replace('0x70997970', '0x00000000')
    expect(createHmac('sha256', SK).update(forged).digest('base64')).not.toBe(signature)
  })

  it('reads a session by its external id with the secret key; the newest attempt wins; unknown is null', async () => {
    next = (r) =>
      r.url.pathname === '/v1/transactions/ext/s1'
        ? {
            body: [
              moonpayTransaction({
                status: 'failed',
                failureReason: 'Card declined',
                createdAt: '2026-11-27T22:00:00.000Z',
              }),
              moonpayTransaction({ status: 'pending', cryptoTransactionId: null }),
            ],
          }
        : { status: 404, body: { message: 'Transaction not found' } }
    const status = await moonpay().status('s1')
    expect(status).toMatchObject({ status: 'pending', txHash: null, cryptoAmount: '0.01423' })
    expect(server.seen.at(-1)?.headers.authorization).toBe(`Api-Key ${SK}`)
    expect(await moonpay().status('unknown')).toBeNull()
    next = undefined
  })

  it('verifies Moonpay-Signature-V2: t and s, HMAC of "<t>.<body>" with the webhook key', () => {
    const body = '{"type":"transaction_updated"}'
    const s = createHmac('sha256', 'wk_test').update(`1700000000.${body}`).digest('hex')
    const parsed = parseSignatureHeader(`t=1700000000,s=${s}`)
    expect(parsed).toEqual({ timestamp: 1700000000, signature: s })
    if (!parsed) return
    expect(webhookSignatureMatches(parsed, body, 'wk_test')).toBe(true)
    expect(webhookSignatureMatches(parsed, `${body} `, 'wk_test')).toBe(false)
    expect(webhookSignatureMatches(parsed, body, 'wk_other')).toBe(false)
    for (const bad of [undefined, '', `s=${s}`, 't=abc,s=00', `t=1,s=${s.toUpperCase()}`])
      expect(parseSignatureHeader(bad)).toBeUndefined()
  })
})
