import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../../../http/errors.js'
import { chainDataRoutes } from '../../routes.js'
import { CursorCodec } from '../../shared/cursor.js'
import { evmBackend } from '../backend.js'
import { EMPTY_SPAM_POLICY } from '../spam.js'
import { BlockscoutProvider } from './blockscout.js'
import { EtherscanProvider } from './etherscan.js'
import { etherscanRoute } from './etherscan-route.js'
import { type FixtureServer, fixture, startFixtureServer } from './fixture-server.js'
import { ProviderError } from './types.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const VIEWER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60'

const blockscoutRoute = (url: URL) => {
  if (!url.pathname.startsWith('/api/v2/')) return undefined
  if (url.pathname.endsWith('/token-transfers')) return fixture('blockscout-token-transfers-empty')
  if (!url.pathname.endsWith('/transactions')) return undefined
  return url.searchParams.get('block_number') === '21000003'
    ? fixture('blockscout-transactions-page2')
    : fixture('blockscout-transactions-page1')
}

describe('BlockscoutProvider', () => {
  let server: FixtureServer
  let provider: BlockscoutProvider
  beforeAll(async () => {
    server = await startFixtureServer(blockscoutRoute)
    provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: `${server.origin}/api/v2`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
  })
  afterAll(() => server.close())

  it('maps a page of address transactions to the wire format', async () => {
    const page = await provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 3 })
    expect(server.urls.map((u) => u.pathname)).toContain(`/api/v2/addresses/${VIEWER}/transactions`)
    expect(server.urls.map((u) => u.pathname)).toContain(
      `/api/v2/addresses/${VIEWER}/token-transfers`,
    )
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
    // Resumes at the upstream page holding the last row served; the rows above it are skipped.
    expect(JSON.parse(page.continuation!)).toEqual({
      txs: null,
      transfers: 'end',
      block: 21000003,
      position: 0,
    })
  })

  it('follows next_page_params and flags lure-named NFT collections', async () => {
    const first = await provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 3 })
    const second = await provider.history({
      address: VIEWER,
      chainId: 1,
      cursor: first.continuation,
      limit: 3,
    })
    expect(server.urls.at(-1)?.searchParams.get('items_count')).toBe('50')
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
      baseUrl: `${server.origin}/nowhere/api/v2`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
    await expect(
      failing.history({ address: VIEWER, chainId: 1, cursor: null, limit: 50 }),
    ).rejects.toThrow(ProviderError)
  })
})

describe('EtherscanProvider', () => {
  let server: FixtureServer
  beforeAll(async () => {
    // The NFT actions answer nothing here; etherscan.test.ts covers them.
    server = await startFixtureServer(etherscanRoute({ nfts: false }))
  })
  afterAll(() => server.close())
  const make = (apiKey = 'KEY') => {
    const provider = new EtherscanProvider({
      chainId: 8453,
      baseUrl: `${server.origin}/v2/api`,
      apiKey,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
    return { provider, fetcher: server }
  }

  it('merges txlist with the ERC-20 transfers of the same blocks, newest first', async () => {
    const { provider, fetcher } = make()
    const page = await provider.history({ address: VIEWER, chainId: 8453, cursor: null, limit: 2 })
    const txlist = fetcher.urls.find((u) => u.searchParams.get('action') === 'txlist')!
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
    const pages = fetcher.urls.filter((u) => u.searchParams.get('action') === 'txlist')
    expect(pages.at(-1)?.searchParams.get('endblock')).toBe('19000010')
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
    const server = await startFixtureServer(blockscoutRoute)
    const provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: `${server.origin}/api/v2`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
    await app.register(
      chainDataRoutes({
        backends: [
          evmBackend({
            indexed: new Map(),
            providers: new Map([[1, provider]]),
            codec: new CursorCodec('x'.repeat(32)),
          }),
        ],
        // No database here: the project scope is tested in account.int.test.ts and the harness.
        scope: {},
      }),
    )
    const first = (
      await app.inject(`/v1/account/${VIEWER}/history?projectId=p&chainId=eip155:1&limit=3`)
    ).json()
    expect(first.data).toHaveLength(3)
    const second = await app.inject(
      `/v1/account/${VIEWER}/history?projectId=p&chainId=eip155:1&limit=3&cursor=${first.next}`,
    )
    expect(second.json().data).toHaveLength(2)
    const forged = `${Buffer.from('{"block_number":1}').toString('base64url')}.${first.next.split('.')[1]}`
    const refused = await app.inject(
      `/v1/account/${VIEWER}/history?projectId=p&chainId=eip155:1&cursor=${forged}`,
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('INVALID_CURSOR')
    expect((await app.inject('/v1/supported-chains?projectId=p')).json()).toEqual({
      http: ['eip155:1'],
      ws: [],
    })
    await app.close()
    await server.close()
  })

  it('answers 502 when the provider fails', async () => {
    const app = Fastify()
    app.decorate('db', {} as never)
    installErrorHandling(app)
    const server = await startFixtureServer(() => ({ status: 500, raw: 'upstream down' }))
    const provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: `${server.origin}/api/v2`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
    await app.register(
      chainDataRoutes({
        backends: [
          evmBackend({
            indexed: new Map(),
            providers: new Map([[1, provider]]),
            codec: new CursorCodec('x'.repeat(32)),
          }),
        ],
        // No database here: the project scope is tested in account.int.test.ts and the harness.
        scope: {},
      }),
    )
    const answer = await app.inject(`/v1/account/${VIEWER}/history?projectId=p&chainId=eip155:1`)
    expect(answer.statusCode).toBe(502)
    expect(answer.json()).toEqual({
      error: {
        code: 'UPSTREAM_ERROR',
        message: 'The blockscout history provider failed; try again later',
        requestId: expect.any(String),
      },
    })
    // The upstream's words (which may quote a keyed URL) stay out of the answer.
    expect(answer.body).not.toContain('upstream down')
    await app.close()
    await server.close()
  })
})
