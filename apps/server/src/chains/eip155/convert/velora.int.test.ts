import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from '../../../auth/testing.js'
import { type Answer, type SeenRequest, serveAnswers } from '../../../onramp/fixtures/loopback.js'
import {
  USDC,
  veloraNoRoute,
  veloraPriceRoute,
  veloraTokens,
  veloraTransaction,
} from './fixtures/velora-answers.js'
import { NATIVE_TOKEN } from './types.js'
import { AUGUSTUS_V6_2, createVeloraProvider } from './velora.js'

const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let answer: (r: SeenRequest) => Answer
const recorded = (r: SeenRequest): Answer => {
  if (r.url.pathname === '/tokens/1') return { body: veloraTokens }
  if (r.url.pathname === '/prices') return { body: veloraPriceRoute }
  if (r.url.pathname === '/transactions/1') return { body: veloraTransaction }
  return { status: 404, body: { error: 'Not found' } }
}
let stand: Awaited<ReturnType<typeof serveAnswers>>
let t: AuthTestApp
beforeAll(async () => {
  answer = recorded
  stand = await serveAnswers((r) => answer(r))
  t = await openAuthTestApp({
    LATCH_SWAP_AGGREGATOR: 'velora',
    LATCH_SWAP_VELORA_URL: stand.url,
    LATCH_SWAP_AGGREGATOR_CHAINS: '1,8453',
  })
})
afterAll(async () => {
  await t?.close()
  await stand?.close()
})

const velora = () => createVeloraProvider({ url: stand.url, chains: [1] })
const ethToUsdc = {
  chainId: 1,
  from: NATIVE_TOKEN,
  to: USDC,
  amount: 10n ** 18n,
  user: USER,
} as const

describe('the Velora adapter against recorded answers on loopback', () => {
  it('reads the token list, skipping malformed entries', async () => {
    const tokens = await velora().tokens(1)
    expect(tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    expect(tokens[1]).toEqual({
      name: 'USDC',
      symbol: 'USDC',
      address: USDC,
      decimals: 6,
      logoUri: 'https://img.example/usdc.png',
    })
  })

  it('asks /prices for a SELL on v6.2 with both decimals and gives destAmount', async () => {
    stand.seen.length = 0
    expect(await velora().quote(ethToUsdc)).toBe(3_412_567_890n)
    const prices = stand.seen.find((r) => r.url.pathname === '/prices')
    expect(Object.fromEntries(prices?.url.searchParams ?? [])).toEqual({
      srcToken: NATIVE_TOKEN,
      srcDecimals: '18',
      destToken: USDC,
      destDecimals: '6',
      amount: '1000000000000000000',
      side: 'SELL',
      network: '1',
      version: '6.2',
      userAddress: USER,
    })
  })

  it('builds the transaction with the slippage in basis points and the price route as given', async () => {
    stand.seen.length = 0
    const tx = await velora().buildTransaction({ ...ethToUsdc, slippageBps: 100 })
    expect(tx).toEqual({ to: AUGUSTUS_V6_2, data: veloraTransaction.data, value: 10n ** 18n })
    const sent = stand.seen.find((r) => r.url.pathname === '/transactions/1')
    expect(sent?.method).toBe('POST')
    expect(sent?.url.searchParams.get('ignoreChecks')).toBe('true')
    const body = JSON.parse(sent?.body ?? '{}')
    expect(body).toMatchObject({
      srcAmount: '1000000000000000000',
      slippage: 100,
      userAddress: USER,
      srcDecimals: 18,
      destDecimals: 6,
    })
    expect(body.priceRoute.hmac).toBe(veloraPriceRoute.priceRoute.hmac)
  })

  it('refuses a transaction to any contract but Augustus v6.2 (the approved spender)', async () => {
    answer = (r) =>
      r.url.pathname === '/transactions/1'
        ? { body: { ...veloraTransaction, to: '0x000000000000000000000000000000000000dEaD' } }
        : recorded(r)
    await expect(
      velora().buildTransaction({ ...ethToUsdc, slippageBps: 100 }),
    ).rejects.toMatchObject({
      statusCode: 502,
      code: 'SWAP_PROVIDER_UNAVAILABLE',
    })
    answer = recorded
  })

  it("turns Velora's refusal into a 400 and its outage into a 502", async () => {
    answer = (r) =>
      r.url.pathname === '/prices' ? { status: 400, body: veloraNoRoute } : recorded(r)
    await expect(velora().quote(ethToUsdc)).rejects.toMatchObject({
      statusCode: 400,
      code: 'SWAP_NO_ROUTE',
    })
    answer = (r) =>
      r.url.pathname === '/prices' ? { status: 503, body: { message: 'busy' } } : recorded(r)
    await expect(velora().quote(ethToUsdc)).rejects.toMatchObject({ statusCode: 502 })
    answer = recorded
  })

  it("prices a token from the route's srcUSD", async () => {
    expect(await velora().priceUsd({ chainId: 1, address: NATIVE_TOKEN })).toBeCloseTo(3415.22)
  })
})

describe('the convert routes on Velora', () => {
  const get = async (path: string, query: Record<string, string>) => {
    const q = new URLSearchParams({ projectId: t.projectId, ...query })
    const res = await t.app.inject({ url: `${path}?${q}`, headers: { origin: APP_ORIGIN } })
    return { status: res.statusCode, body: res.json() }
  }

  it('quotes mainnet through the aggregator and advertises it', async () => {
    const { status, body } = await get('/v1/convert/quotes', {
      from: `eip155:1:${NATIVE_TOKEN}`,
      to: `eip155:1:${USDC}`,
      amount: '1000000000000000000',
      userAddress: USER,
    })
    expect(status).toBe(200)
    expect(body.quotes[0].toAmount).toBe('3412567890')
    const config = await t.app.inject({
      url: `/appkit/v1/config?projectId=${t.projectId}`,
      headers: { origin: APP_ORIGIN },
    })
    expect(config.json().features).toContainEqual({
      id: 'swap',
      isEnabled: true,
      config: ['velora'],
    })
  })

  it("says 'Network not supported for Gas Price' where the server has no RPC for a swap network", async () => {
    const { status, body } = await get('/v1/convert/gas-price', { chainId: 'eip155:1' })
    expect(status).toBe(400)
    expect(body.error.message).toBe('Network not supported for Gas Price (eip155:1)')
  })
})
