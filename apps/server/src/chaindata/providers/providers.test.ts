import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { installErrorHandling } from '../../errors.js'
import { chainDataRoutes } from '../routes.js'
import { EMPTY_SPAM_POLICY } from '../spam.js'
import { BlockscoutProvider } from './blockscout.js'
import { EtherscanProvider } from './etherscan.js'
import { ProviderError } from './types.js'

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const VIEWER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60'

function fakeFetch(route: (url: URL) => unknown) {
  const urls: URL[] = []
  const impl = (async (input: string | URL) => {
    const url = new URL(String(input))
    urls.push(url)
    const body = route(url)
    return new Response(JSON.stringify(body), { status: body === undefined ? 404 : 200 })
  }) as typeof fetch
  return { impl, urls }
}

describe('BlockscoutProvider', () => {
  const fetcher = fakeFetch((url) =>
    url.searchParams.get('block_number') === '21000003'
      ? fixture('blockscout-transactions-page2')
      : fixture('blockscout-transactions-page1'),
  )
  const provider = new BlockscoutProvider({
    chainId: 1,
    baseUrl: 'https://explorer.test/api/v2',
    native: ETH,
    spam: EMPTY_SPAM_POLICY,
    fetch: fetcher.impl,
  })

  it('maps a page of address transactions to the wire format', async () => {
    const page = await provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 50 })
    expect(fetcher.urls[0]?.pathname).toBe(`/api/v2/addresses/${VIEWER}/transactions`)
    expect(page.data.map((t) => [t.metadata.operationType, t.metadata.status])).toEqual([
      ['send', 'confirmed'],
      ['receive', 'confirmed'],
      ['execute', 'failed'],
    ])
    expect(page.data[0]).toEqual({
      id: `eip155:1:0x${'1'.padStart(64, '0')}`,
      metadata: {
        operationType: 'send',
        hash: `0x${'1'.padStart(64, '0')}`,
        minedAt: '2025-03-02T10:00:11.000Z',
        sentFrom: VIEWER,
        sentTo: OTHER,
        status: 'confirmed',
        nonce: 41,
        chain: 'eip155:1',
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH' },
          direction: 'out',
          quantity: { numeric: '1.5' },
        },
      ],
    })
    expect(page.data[1]?.transfers).toEqual([
      {
        fungible_info: { name: 'Tether USD', symbol: 'USDT' },
        direction: 'in',
        quantity: { numeric: '830' },
      },
    ])
    expect(JSON.parse(page.continuation!)).toEqual({
      block_number: 21000003,
      index: 0,
      items_count: 50,
    })
  })

  it('follows next_page_params and flags lure-named NFT collections', async () => {
    const first = await provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 50 })
    const second = await provider.history({
      address: VIEWER,
      chainId: 1,
      cursor: first.continuation,
      limit: 50,
    })
    expect(fetcher.urls.at(-1)?.searchParams.get('items_count')).toBe('50')
    expect(second.continuation).toBeNull()
    const [airdrop, ens] = second.data
    expect(airdrop?.metadata.operationType).toBe('mint')
    expect(airdrop?.transfers?.[0]?.nft_info).toEqual({
      name: 'Visit claim-rewards.xyz #7',
      flags: { is_spam: true },
    })
    expect(ens?.transfers).toEqual([
      {
        nft_info: { name: 'Ethereum Name Service #42', flags: { is_spam: false } },
        direction: 'out',
        quantity: { numeric: '1' },
      },
    ])
  })

  it('turns HTTP errors into ProviderError', async () => {
    const failing = new BlockscoutProvider({
      chainId: 1,
      baseUrl: 'https://explorer.test/api/v2',
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
      fetch: fakeFetch(() => undefined).impl,
    })
    await expect(
      failing.history({ address: VIEWER, chainId: 1, cursor: null, limit: 50 }),
    ).rejects.toThrow(ProviderError)
  })
})

describe('EtherscanProvider', () => {
  const route = (url: URL) => {
    const action = url.searchParams.get('action')
    if (url.searchParams.get('apikey') !== 'KEY') return fixture('etherscan-invalid-key')
    const page = url.searchParams.get('page')
    if (action === 'txlist')
      return fixture(
        page === '1'
          ? 'etherscan-txlist-page1'
          : page === '2'
            ? 'etherscan-txlist-page2'
            : 'etherscan-empty',
      )
    const end = url.searchParams.get('endblock')
    return fixture(end === '19000008' ? 'etherscan-tokentx-page2' : 'etherscan-tokentx-page1')
  }
  const make = (apiKey = 'KEY') => {
    const fetcher = fakeFetch(route)
    const provider = new EtherscanProvider({
      chainId: 8453,
      baseUrl: 'https://scan.test/v2/api',
      apiKey,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
      fetch: fetcher.impl,
    })
    return { provider, fetcher }
  }

  it('merges txlist with the ERC-20 transfers of the same blocks, newest first', async () => {
    const { provider, fetcher } = make()
    const page = await provider.history({ address: VIEWER, chainId: 8453, cursor: null, limit: 2 })
    const txlist = fetcher.urls[0]!
    expect(Object.fromEntries(txlist.searchParams)).toMatchObject({
      chainid: '8453',
      module: 'account',
      action: 'txlist',
      address: VIEWER,
      page: '1',
      offset: '2',
      sort: 'desc',
    })
    expect(page.data.map((t) => [t.metadata.hash.slice(-2), t.metadata.operationType])).toEqual([
      ['0b', 'send'],
      ['0d', 'receive'],
      ['0c', 'send'],
    ])
    expect(page.data[2]?.transfers).toEqual([
      {
        fungible_info: { name: 'Tether USD', symbol: 'USDT' },
        direction: 'out',
        quantity: { numeric: '1' },
      },
    ])
    const next = await provider.history({
      address: VIEWER,
      chainId: 8453,
      cursor: page.continuation,
      limit: 2,
    })
    expect(fetcher.urls.at(-2)?.searchParams.get('endblock')).toBe('19000010')
    expect(next.data.map((t) => t.metadata.hash.slice(-2))).toEqual(['0f', '0e'])
    expect(next.continuation).toBeNull()
  })

  it('reports an invalid key as a ProviderError', async () => {
    const { provider } = make('WRONG')
    await expect(
      provider.history({ address: VIEWER, chainId: 8453, cursor: null, limit: 2 }),
    ).rejects.toThrow(/Invalid API Key/)
  })
})

describe('routes with a provider', () => {
  it('serves a provider chain with sealed continuations and refuses edited ones', async () => {
    const app = Fastify()
    app.decorate('db', {} as never)
    installErrorHandling(app)
    const fetcher = fakeFetch((url) =>
      url.searchParams.get('block_number') === '21000003'
        ? fixture('blockscout-transactions-page2')
        : fixture('blockscout-transactions-page1'),
    )
    const provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: 'https://explorer.test/api/v2',
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
      fetch: fetcher.impl,
    })
    await app.register(
      chainDataRoutes({
        indexed: new Map(),
        providers: new Map([[1, provider]]),
        cursorSecret: 'x'.repeat(32),
      }),
    )
    const first = (await app.inject(`/v1/account/${VIEWER}/history?chainId=eip155:1`)).json()
    expect(first.data).toHaveLength(3)
    const second = await app.inject(
      `/v1/account/${VIEWER}/history?chainId=eip155:1&cursor=${first.next}`,
    )
    expect(second.json().data).toHaveLength(2)
    const forged = `${Buffer.from('{"block_number":1}').toString('base64url')}.${first.next.split('.')[1]}`
    const refused = await app.inject(
      `/v1/account/${VIEWER}/history?chainId=eip155:1&cursor=${forged}`,
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('INVALID_CURSOR')
    expect((await app.inject('/v1/supported-chains')).json()).toEqual({
      http: ['eip155:1'],
      ws: [],
    })
    await app.close()
  })
})
