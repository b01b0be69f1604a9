import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from '../../../auth/testing.js'
import { type Answer, type SeenRequest, serveAnswers } from '../../../onramp/fixtures/loopback.js'
import {
  oneInchInsufficient,
  oneInchPrice,
  oneInchQuote,
  oneInchSpender,
  oneInchSwap,
  oneInchTokens,
  USDC_BASE,
} from './fixtures/oneinch-answers.js'
import { createOneInchProvider } from './oneinch.js'
import { NATIVE_TOKEN } from './types.js'

const KEY = 'test-1inch-key-never-shown'
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const recorded = (r: SeenRequest): Answer => {
  // The stand-in refuses a call without the key, as 1inch does.
  if (r.headers.authorization !== `Bearer ${KEY}`)
    return { status: 401, body: { message: 'Unauthorized' } }
  const path = r.url.pathname
  if (path === '/swap/v6.0/8453/tokens') return { body: oneInchTokens }
  if (path === '/swap/v6.0/8453/quote') return { body: oneInchQuote }
  if (path === '/swap/v6.0/8453/swap') return { body: oneInchSwap }
  if (path === '/swap/v6.0/8453/approve/spender') return { body: oneInchSpender }
  if (path === `/price/v1.1/8453/${NATIVE_TOKEN}`) return { body: oneInchPrice }
  return { status: 404, body: { message: 'Not found' } }
}
let answer = recorded
let stand: Awaited<ReturnType<typeof serveAnswers>>
let t: AuthTestApp
beforeAll(async () => {
  stand = await serveAnswers((r) => answer(r))
  t = await openAuthTestApp({
    LATCH_SWAP_AGGREGATOR: '1inch',
    LATCH_SWAP_1INCH_KEY: KEY,
    LATCH_SWAP_1INCH_URL: stand.url,
    LATCH_SWAP_AGGREGATOR_CHAINS: '8453',
  })
})
afterAll(async () => {
  await t?.close()
  await stand?.close()
})

const oneInch = (apiKey = KEY) => createOneInchProvider({ url: stand.url, apiKey, chains: [8453] })
const ethToUsdc = {
  chainId: 8453,
  from: NATIVE_TOKEN,
  to: USDC_BASE,
  amount: 10n ** 18n,
  user: USER,
} as never

describe('the 1inch adapter against recorded answers on loopback', () => {
  it('sends the key as a bearer token and reads the token list', async () => {
    const tokens = await oneInch().tokens(8453)
    expect(tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    await expect(oneInch('wrong-key-123').tokens(8453)).rejects.toMatchObject({ statusCode: 502 })
  })

  it('quotes dstAmount for src, dst and amount', async () => {
    stand.seen.length = 0
    expect(await oneInch().quote(ethToUsdc)).toBe(3_398_123_456n)
    const call = stand.seen.find((r) => r.url.pathname.endsWith('/quote'))
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      src: NATIVE_TOKEN,
      dst: USDC_BASE,
      amount: '1000000000000000000',
    })
  })

  it('builds the swap with the slippage as a percentage and checks it goes to the approved router', async () => {
    stand.seen.length = 0
    const tx = await oneInch().buildTransaction({
      ...(ethToUsdc as object),
      slippageBps: 50,
    } as never)
    expect(tx).toEqual({
      to: '0x111111125421cA6dc452d289314280a0f8842A65',
      data: oneInchSwap.tx.data,
      value: 10n ** 18n,
    })
    const call = stand.seen.find((r) => r.url.pathname.endsWith('/swap'))
    expect(call?.url.searchParams.get('slippage')).toBe('0.5')
    expect(call?.url.searchParams.get('from')).toBe(USER)
    answer = (r) =>
      r.url.pathname.endsWith('/swap')
        ? {
            body: {
              ...oneInchSwap,
              tx: { ...oneInchSwap.tx, to: '0x000000000000000000000000000000000000dEaD' },
            },
          }
        : recorded(r)
    await expect(
      oneInch().buildTransaction({ ...(ethToUsdc as object), slippageBps: 50 } as never),
    ).rejects.toMatchObject({
      code: 'SWAP_PROVIDER_UNAVAILABLE',
    })
    answer = recorded
  })

  it("turns 1inch's refusal into a 400 and prices from the spot price API", async () => {
    answer = (r) =>
      r.url.pathname.endsWith('/quote') ? { status: 400, body: oneInchInsufficient } : recorded(r)
    await expect(oneInch().quote(ethToUsdc)).rejects.toMatchObject({
      statusCode: 400,
      code: 'SWAP_NO_ROUTE',
    })
    answer = recorded
    expect(await oneInch().priceUsd({ chainId: 8453, address: NATIVE_TOKEN })).toBeCloseTo(3401.92)
  })
})

describe('the convert routes on 1inch', () => {
  it('quote Base through 1inch, advertise it, and never show the key', async () => {
    const q = new URLSearchParams({
      projectId: t.projectId,
      from: `eip155:8453:${NATIVE_TOKEN}`,
      to: `eip155:8453:${USDC_BASE}`,
      amount: '1000000000000000000',
      userAddress: USER,
    })
    const res = await t.app.inject({
      url: `/v1/convert/quotes?${q}`,
      headers: { origin: APP_ORIGIN },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().quotes[0].toAmount).toBe('3398123456')
    const config = await t.app.inject({
      url: `/appkit/v1/config?projectId=${t.projectId}`,
      headers: { origin: APP_ORIGIN },
    })
    expect(config.json().features).toContainEqual({
      id: 'swap',
      isEnabled: true,
      config: ['1inch'],
    })
    answer = () => ({ status: 500, body: { message: `internal: ${KEY}` } })
    const failed = await t.app.inject({
      url: `/v1/convert/quotes?${q}`,
      headers: { origin: APP_ORIGIN },
    })
    answer = recorded
    expect(failed.statusCode).toBe(502)
    for (const body of [res.body, config.body, failed.body]) expect(body).not.toContain(KEY)
  })
})
