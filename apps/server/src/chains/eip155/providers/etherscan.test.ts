import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY_SPAM_POLICY } from '../spam.js'
import { EtherscanProvider } from './etherscan.js'
import { etherscanRoute } from './etherscan-route.js'
import { type Answer, type FixtureServer, fixture, startFixtureServer } from './fixture-server.js'
import { ProviderError } from './types.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const VIEWER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const make = (server: FixtureServer) =>
  new EtherscanProvider({
    chainId: 8453,
    baseUrl: `${server.origin}/v2/api`,
    apiKey: 'KEY',
    native: ETH,
    spam: EMPTY_SPAM_POLICY,
  })

describe('EtherscanProvider NFT actions', () => {
  let server: FixtureServer
  beforeAll(async () => {
    server = await startFixtureServer(etherscanRoute({ nfts: true }))
  })
  afterAll(() => server.close())

  it('merges ERC-721 and ERC-1155 transfers into the transactions of the same block range', async () => {
    const provider = make(server)
    const first = await provider.history({ address: VIEWER, chainId: 8453, cursor: null, limit: 2 })
    const actions = server.urls.map((u) => u.searchParams.get('action'))
    expect(actions).toEqual(expect.arrayContaining(['tokennfttx', 'token1155tx']))
    expect(first.data.map((t) => [t.metadata.hash.slice(-2), t.metadata.operationType])).toEqual([
      ['0b', 'send'],
      ['10', 'receive'],
      ['0d', 'receive'],
      ['0c', 'send'],
    ])
    const byHash = new Map(first.data.map((t) => [t.metadata.hash.slice(-2), t]))
    // The native send also moved an NFT out: one transaction, both transfers.
    expect(byHash.get('0b')?.transfers).toEqual([
      {
        fungible_info: { name: 'Ether', symbol: 'ETH' },
        direction: 'out',
        quantity: { numeric: '2' },
      },
      {
        nft_info: { name: 'Latch Cats #1234', flags: { is_spam: false } },
        direction: 'out',
        quantity: { numeric: '1' },
      },
    ])
    // Token-only: the ERC-721 receive is its own transaction.
    expect(byHash.get('10')?.transfers).toEqual([
      {
        nft_info: { name: 'Latch Cats #4321', flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    // ERC-20 and ERC-1155 in the same token-only transaction stay together.
    expect(byHash.get('0d')?.transfers).toEqual([
      {
        fungible_info: { name: 'Tether USD', symbol: 'USDT' },
        direction: 'in',
        quantity: { numeric: '5' },
      },
      {
        nft_info: { name: 'Game Items #5', flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '3' },
      },
    ])
    const second = await provider.history({
      address: VIEWER,
      chainId: 8453,
      cursor: first.continuation,
      limit: 2,
    })
    // 0c sits in the boundary block both pages read; it is served once.
    expect(second.data.map((t) => t.metadata.hash.slice(-2))).toEqual(['0f', '0e'])
    expect(
      second.data[0]?.transfers?.map((t) => t.nft_info?.name ?? t.fungible_info?.symbol),
    ).toEqual(['USDT', 'Game Items #6'])
    expect(second.continuation).toBeNull()
  })
})

describe('EtherscanProvider with bad upstream answers', () => {
  const cases: [string, (url: URL) => Answer, RegExp][] = [
    ['HTTP 500', () => ({ status: 500, raw: 'Internal Server Error' }), /HTTP 500/],
    ['malformed JSON', () => ({ status: 200, raw: '{"status":"1","result":[' }), /malformed JSON/],
    ['the NOTOK envelope', () => fixture('etherscan-invalid-key'), /NOTOK \(Invalid API Key/],
    ['a rate limit', () => fixture('etherscan-rate-limit'), /rate limit/],
    [
      'a NOTOK envelope on an NFT action only',
      (url) =>
        url.searchParams.get('action') === 'token1155tx'
          ? fixture('etherscan-rate-limit')
          : etherscanRoute({ nfts: true })(url),
      /rate limit/,
    ],
    [
      'rows that are not objects',
      () => ({ status: '1', message: 'OK', result: [1, 2] }),
      /malformed rows/,
    ],
    [
      'a token id that is not a number',
      (url) =>
        url.searchParams.get('action') === 'tokennfttx'
          ? {
              status: '1',
              message: 'OK',
              result: (fixture('etherscan-tokennfttx') as { result: object[] }).result.map((r) => ({
                ...r,
                tokenID: 'one',
              })),
            }
          : etherscanRoute({ nfts: true })(url),
      /unexpected shape/,
    ],
  ]
  it.each(cases)('turns %s into a ProviderError', async (_name, route, message) => {
    const server = await startFixtureServer(route)
    try {
      const failure = make(server).history({
        address: VIEWER,
        chainId: 8453,
        cursor: null,
        limit: 2,
      })
      await expect(failure).rejects.toThrow(ProviderError)
      await expect(failure).rejects.toThrow(message)
    } finally {
      await server.close()
    }
  })
})
