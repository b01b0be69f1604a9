import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY_SPAM_POLICY } from '../spam.js'
import type { Transaction } from '../types.js'
import { BlockscoutProvider } from './blockscout.js'
import { type Answer, type FixtureServer, fixture, startFixtureServer } from './fixture-server.js'
import { ProviderError } from './types.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const VIEWER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60'
const h = (n: string) => `0x${n.padStart(64, '0')}`
// Newest first by (block, position); b* are transactions the viewer only received tokens in.
const ORDER = ['a1', 'b1', 'a2', 'a3', 'b2', 'a4', 'b3', 'a5'].map(h)

/** Blockscout v2 as documented: two keyset-paged lists and the transaction lookup. */
function mixedRoute(url: URL): Answer {
  const path = url.pathname
  const second = url.searchParams.get('block_number') === '105'
  if (path === `/api/v2/addresses/${VIEWER}/transactions`)
    return fixture(`blockscout-mixed-transactions-page${second ? 2 : 1}`)
  if (path === `/api/v2/addresses/${VIEWER}/token-transfers`)
    return fixture(`blockscout-mixed-token-transfers-page${second ? 2 : 1}`)
  const tx = /^\/api\/v2\/transactions\/0x0+(b\d)$/.exec(path)
  return tx ? fixture(`blockscout-transaction-${tx[1]}`) : undefined
}

async function walk(provider: BlockscoutProvider, limit: number) {
  const pages: Transaction[][] = []
  let cursor: string | null = null
  do {
    const page = await provider.history({ address: VIEWER, chainId: 1, cursor, limit })
    pages.push(page.data)
    cursor = page.continuation
    if (pages.length > 20) throw new Error('paging does not end')
  } while (cursor)
  return pages
}

describe('BlockscoutProvider merging transactions and token transfers', () => {
  let server: FixtureServer
  let provider: BlockscoutProvider
  beforeAll(async () => {
    server = await startFixtureServer(mixedRoute)
    provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: `${server.origin}/api/v2/`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
  })
  afterAll(() => server.close())

  it('lists every transaction once, token-only receives included, newest first', async () => {
    const [page] = await walk(provider, 100)
    expect(page?.map((t) => t.metadata.hash)).toEqual(ORDER)
    const byHash = new Map(page?.map((t) => [t.metadata.hash.slice(-2), t]))
    // Only a token transfer names b1; its sender and nonce come from the transaction lookup.
    expect(byHash.get('b1')?.metadata).toMatchObject({
      operationType: 'receive',
      sentFrom: OTHER,
      sentTo: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      nonce: 9,
      minedAt: '2025-03-03T13:00:00.000Z',
    })
    expect(byHash.get('b1')?.transfers).toEqual([
      {
        fungible_info: { name: 'Tether USD', symbol: 'USDT' },
        direction: 'in',
        quantity: { numeric: '5' },
      },
    ])
    // a2 embeds its transfer and the token-transfers list repeats it: one transfer, not two.
    expect(byHash.get('a2')?.transfers).toEqual([
      {
        fungible_info: { name: 'Tether USD', symbol: 'USDT' },
        direction: 'out',
        quantity: { numeric: '2' },
      },
    ])
  })

  it('maps ERC-721 and ERC-1155 transfers with their token id and direction', async () => {
    const [page] = await walk(provider, 100)
    const byHash = new Map(page?.map((t) => [t.metadata.hash.slice(-2), t]))
    expect(byHash.get('b2')?.metadata.operationType).toBe('mint')
    expect(byHash.get('b2')?.transfers).toEqual([
      {
        nft_info: { name: 'Latch Cats #77', flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    expect(byHash.get('b3')?.transfers).toEqual([
      {
        nft_info: { name: 'Game Items #5', flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '3' },
      },
    ])
    // a4's embedded list overflowed; its TransferBatch arrives from the token-transfers list.
    expect(byHash.get('a4')?.transfers).toEqual([
      {
        nft_info: { name: 'Game Items #1', flags: { is_spam: false } },
        direction: 'out',
        quantity: { numeric: '10' },
      },
      {
        nft_info: { name: 'Game Items #2', flags: { is_spam: false } },
        direction: 'out',
        quantity: { numeric: '20' },
      },
    ])
  })

  it.each([1, 2, 3])('pages of %i hold each transaction once, in order', async (limit) => {
    const pages = await walk(provider, limit)
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit)
    expect(pages.flat().map((t) => t.metadata.hash)).toEqual(ORDER)
    // No empty page at the end: the last continuation is null as soon as nothing is left.
    expect(pages).toHaveLength(Math.ceil(ORDER.length / limit))
  })

  it('refuses a continuation it did not write', async () => {
    for (const cursor of [
      'not json',
      '{"block":1}',
      '{"txs":1,"transfers":null,"block":1,"position":0}',
    ])
      await expect(
        provider.history({ address: VIEWER, chainId: 1, cursor, limit: 2 }),
      ).rejects.toThrow(ProviderError)
  })
})

describe('BlockscoutProvider with bad upstream answers', () => {
  const cases: [string, (url: URL) => Answer, RegExp][] = [
    [
      'HTTP 500',
      () => ({ status: 500, raw: '{"message":"Internal server error"}' }),
      /HTTP 500: Internal server error/,
    ],
    ['malformed JSON', () => ({ status: 200, raw: '{"items": [' }), /malformed JSON/],
    [
      'its error envelope',
      () => ({ status: 422, raw: '{"message":"Invalid parameter(s)"}' }),
      /HTTP 422: Invalid parameter/,
    ],
    ['a body without items', () => ({ message: 'Not found' }), /without items/],
    [
      'a failing transaction lookup',
      (url) => (url.pathname.includes('/transactions/') ? undefined : mixedRoute(url)),
      /HTTP 404/,
    ],
    [
      'a row that is not the documented shape',
      (url) => {
        const body = mixedRoute(url) as { items?: { value?: string }[] }
        if (url.pathname.endsWith('/transactions') && body.items?.[0]) body.items[0].value = 'lots'
        return body
      },
      /unexpected shape/,
    ],
  ]
  it.each(cases)('turns %s into a ProviderError', async (_name, route, message) => {
    const server = await startFixtureServer(route)
    try {
      const provider = new BlockscoutProvider({
        chainId: 1,
        baseUrl: `${server.origin}/api/v2`,
        native: ETH,
        spam: EMPTY_SPAM_POLICY,
      })
      const failure = provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 100 })
      await expect(failure).rejects.toThrow(ProviderError)
      await expect(failure).rejects.toThrow(message)
    } finally {
      await server.close()
    }
  })

  it('turns an unreachable explorer into a ProviderError', async () => {
    const server = await startFixtureServer(() => undefined)
    const origin = server.origin
    await server.close()
    const provider = new BlockscoutProvider({
      chainId: 1,
      baseUrl: `${origin}/api/v2`,
      native: ETH,
      spam: EMPTY_SPAM_POLICY,
    })
    await expect(
      provider.history({ address: VIEWER, chainId: 1, cursor: null, limit: 1 }),
    ).rejects.toThrow(/could not be reached/)
  })
})
