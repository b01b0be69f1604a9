import { generateKeyPairSync } from 'node:crypto'
import { importSPKI, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCoinbase } from './coinbase.js'
import { readOnrampConfig } from './config.js'
import {
  coinbaseBuyOptions,
  coinbaseBuyQuote,
  coinbaseToken,
  coinbaseTransactions,
} from './fixtures/coinbase-answers.js'
import { type SeenRequest, serveAnswers } from './fixtures/loopback.js'

const KEY_NAME = 'organizations/org-1/apiKeys/key-1'

describe('Coinbase Onramp adapter against recorded answers on loopback', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const spki = publicKey.export({ format: 'pem', type: 'spki' }).toString()
  let server: Awaited<ReturnType<typeof serveAnswers>>
  // The stand-in checks each call's JWT as CDP does: signature, issuer, and the bound method and path.
  async function authorised(r: SeenRequest): Promise<boolean> {
    const token = r.headers.authorization?.replace(/^Bearer /, '') ?? ''
    try {
      const { payload } = await jwtVerify(token, await importSPKI(spki, 'ES256'), {
        issuer: 'cdp',
        subject: KEY_NAME,
      })
      return payload.uri === `${r.method} ${r.url.host}${r.url.pathname}`
    } catch {
      return false
    }
  }
  beforeAll(async () => {
    server = await serveAnswers(async (r) => {
      if (!(await authorised(r))) return { status: 401, body: { message: 'Unauthorized' } }
      const path = r.url.pathname
      if (path === '/onramp/v1/buy/options') return { body: coinbaseBuyOptions }
      if (path === '/onramp/v1/buy/quote') return { body: coinbaseBuyQuote }
      if (path === '/onramp/v1/token') return { body: coinbaseToken }
      if (path === '/onramp/v1/buy/user/s1/transactions') return { body: coinbaseTransactions }
      if (path.startsWith('/onramp/v1/buy/user/'))
        return { body: { transactions: [], total_count: '0' } }
      return { status: 404, body: { message: 'not found' } }
    })
  })
  afterAll(() => server.close())
  const coinbase = (secret = privateKey.export({ format: 'pem', type: 'sec1' }).toString()) =>
    createCoinbase(
      readOnrampConfig({
        LATCH_ONRAMP_COINBASE_KEY_NAME: KEY_NAME,
        LATCH_ONRAMP_COINBASE_KEY_SECRET: secret,
        LATCH_ONRAMP_COINBASE_BASE_URL: server.url,
        LATCH_ONRAMP_COINBASE_PAY_URL: `${server.url}/pay`,
      }).coinbase ?? (undefined as never),
    )
  const eth = {
    network: 'eip155:1',
    symbol: 'ETH',
    name: 'Ethereum',
    address: null,
    code: 'ETH',
    providerNetwork: 'ethereum',
  }

  it('reads assets per network and card and bank limits, with a JWT CDP accepts', async () => {
    const options = await coinbase().options()
    expect(options.assets).toContainEqual(eth)
    expect(options.assets).toContainEqual(
      expect.objectContaining({
        network: 'eip155:8453',
        symbol: 'USDC',
        address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      }),
    )
    expect(options.assets.some((a) => a.symbol === 'BTC')).toBe(false)
    expect(options.limits).toEqual([
      { paymentMethod: 'card', fiatCurrency: 'USD', min: '2', max: '7500' },
      { paymentMethod: 'bank', fiatCurrency: 'USD', min: '2', max: '25000' },
    ])
    expect(server.seen.at(-1)?.url.searchParams.get('country')).toBe('US')
  })

  it('quotes amount out, fees and total', async () => {
    const quote = await coinbase().quote({
      asset: eth,
      fiatCurrency: 'USD',
      fiatAmount: '50',
      paymentMethod: 'card',
    })
    expect(quote).toEqual({
      cryptoAmount: '0.014216',
      providerFee: '1.49',
      networkFee: '0.4',
      total: '50',
    })
    expect(JSON.parse(server.seen.at(-1)?.body ?? '{}')).toMatchObject({
      purchase_currency: 'ETH',
      purchase_network: 'ethereum',
      payment_method: 'CARD',
      payment_amount: '50',
    })
  })

  it('puts the address in a session token, not the URL, and reads status by our session id', async () => {
    const url = new URL(
      await coinbase().checkoutUrl({
        asset: eth,
        fiatCurrency: 'USD',
        fiatAmount: '50',
        paymentMethod: 'card',
        sessionId: 's1',
        projectId: 'p',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        redirectUrl: undefined,
        clientIp: '127.0.0.1',
      }),
    )
    expect(url.pathname).toBe('/pay/buy/select-asset')
    expect(url.searchParams.get('sessionToken')).toBe(coinbaseToken.token)
    expect(url.searchParams.get('partnerUserRef')).toBe('s1')
    expect(url.searchParams.get('partnerUserId')).toBe('s1')
    expect(url.toString()).not.toContain('0x70997970')
    expect(JSON.parse(server.seen.at(-1)?.body ?? '{}')).toEqual({
      addresses: [
        { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', blockchains: ['ethereum'] },
      ],
      assets: ['ETH'],
      clientIp: '127.0.0.1',
    })
    expect(await coinbase().status('s1')).toMatchObject({
      status: 'completed',
      cryptoAmount: '0.014216',
      txHash: coinbaseTransactions.transactions[0]?.tx_hash,
    })
    expect(await coinbase().status('s2')).toBeNull()
  })

  it("a key CDP does not know is a provider failure, not the buyer's error", async () => {
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'sec1' })
      .toString()
    await expect(coinbase(stranger).options()).rejects.toMatchObject({
      code: 'ONRAMP_PROVIDER_UNAVAILABLE',
    })
  })
})
