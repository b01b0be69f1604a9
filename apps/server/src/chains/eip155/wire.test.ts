import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { EMPTY_SPAM_POLICY, spamPolicyFrom } from './spam.js'
import type { ChainEvent, TokenMetadata } from './types.js'
import { nftKey, type StoredTx, toWireTransaction, type WireContext } from './wire.js'

const A = '0xa000000000000000000000000000000000000000' as Address
const B = '0xb000000000000000000000000000000000000000' as Address
const T = '0x7000000000000000000000000000000000000000' as Address
const N = '0x7100000000000000000000000000000000000000' as Address
const HASH = `0x${'12'.repeat(32)}` as const

const tx: StoredTx = {
  chainId: 31337,
  hash: HASH,
  blockNumber: 10,
  txIndex: 0,
  minedAt: 1_700_000_000,
  from: A,
  to: T,
  contractAddress: null,
  nonce: 7,
  status: 'confirmed',
  selector: '0xa9059cbb',
}
const tokens = new Map<string, TokenMetadata>([
  [
    T,
    {
      address: T,
      standard: 'erc20',
      name: 'Test USD',
      symbol: 'TUSD',
      decimals: 6,
      spamReason: null,
    },
  ],
  [
    N,
    {
      address: N,
      standard: 'erc721',
      name: 'Claim Rewards',
      symbol: 'CLM',
      decimals: 0,
      spamReason: 'name-lure',
    },
  ],
])
const ctx: WireContext = {
  native: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens,
  nfts: new Map([
    [nftKey(N, 3n), { name: 'Prize #3', imageUrl: 'data:image/svg+xml;base64,AA==' }],
  ]),
  spam: EMPTY_SPAM_POLICY,
}
const ev = (over: Partial<ChainEvent>): ChainEvent => ({
  txHash: HASH,
  logIndex: 0,
  item: 0,
  kind: 'erc20',
  token: T,
  tokenId: null,
  from: A,
  to: B,
  amount: 1_500_000n,
  ...over,
})

describe('toWireTransaction', () => {
  it('maps an ERC-20 send with the reference field names, per viewer', () => {
    const sender = toWireTransaction(A, tx, [ev({})], ctx)
    expect(sender).toEqual({
      id: `eip155:31337:${HASH}`,
      metadata: {
        operationType: 'send',
        hash: HASH,
        minedAt: '2023-11-14T22:13:20.000Z',
        sentFrom: A,
        sentTo: T,
        status: 'confirmed',
        nonce: 7,
        chain: 'eip155:31337',
      },
      transfers: [
        {
          fungible_info: { name: 'Test USD', symbol: 'TUSD' },
          direction: 'out',
          quantity: { numeric: '1.5' },
        },
      ],
    })
    const recipient = toWireTransaction(B, tx, [ev({})], ctx)
    expect(recipient.metadata.operationType).toBe('receive')
    expect(recipient.transfers).toEqual([
      {
        fungible_info: { name: 'Test USD', symbol: 'TUSD' },
        direction: 'in',
        quantity: { numeric: '1.5' },
      },
    ])
  })

  it('maps native value with the chain currency and leaves out other parties transfers', () => {
    const events = [
      ev({ kind: 'native', token: null, logIndex: -1, amount: 10n ** 18n }),
      ev({ from: T, to: `0x${'c'.repeat(40)}` as Address }),
    ]
    const wire = toWireTransaction(A, { ...tx, selector: null, to: B }, events, ctx)
    expect(wire.transfers).toEqual([
      {
        fungible_info: { name: 'Ether', symbol: 'ETH' },
        direction: 'out',
        quantity: { numeric: '1' },
      },
    ])
  })

  it('flags spam NFTs and honours the allow list', () => {
    const events = [
      ev({
        kind: 'erc721',
        token: N,
        tokenId: 3n,
        from: `0x${'0'.repeat(40)}` as Address,
        to: B,
        amount: 1n,
      }),
    ]
    const wire = toWireTransaction(B, tx, events, ctx)
    expect(wire.metadata.operationType).toBe('mint')
    expect(wire.transfers).toEqual([
      {
        nft_info: {
          name: 'Prize #3',
          content: {
            preview: { url: 'data:image/svg+xml;base64,AA==', content_type: 'image/svg+xml' },
            detail: { url: 'data:image/svg+xml;base64,AA==', content_type: 'image/svg+xml' },
          },
          flags: { is_spam: true },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    const allowed = toWireTransaction(B, tx, events, { ...ctx, spam: spamPolicyFrom(N) })
    expect(allowed.transfers?.[0]?.nft_info?.flags.is_spam).toBe(false)
  })

  it('reports failed transactions as failed with nothing moved', () => {
    const wire = toWireTransaction(A, { ...tx, status: 'failed' }, [], ctx)
    expect(wire.metadata.status).toBe('failed')
    expect(wire.metadata.operationType).toBe('execute')
    expect(wire.transfers).toEqual([])
  })
})
