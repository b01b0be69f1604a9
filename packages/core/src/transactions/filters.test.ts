import { describe, expect, it } from 'vitest'
import { dropSpam, isSpamOnly, keepChain } from './filters.js'
import { fungible, nft, tx } from './fixtures.testing.js'

describe('spam filter', () => {
  it('drops a transaction only when every transfer is flagged spam', () => {
    const airdrop = tx('1', '2025-01-01T00:00:00Z', {
      transfers: [nft('Claim at x.io', true), nft('Claim at x.io', true)],
    })
    const mixed = tx('2', '2025-01-01T00:00:00Z', {
      transfers: [nft('Claim at x.io', true), fungible('5', 'LUSD')],
    })
    const plain = tx('3', '2025-01-01T00:00:00Z', { transfers: [nft('Latch Pass', false)] })
    expect(isSpamOnly(airdrop)).toBe(true)
    expect(isSpamOnly(mixed)).toBe(false)
    expect(dropSpam([airdrop, mixed, plain]).map((t) => t.id)).toEqual(['2', '3'])
  })

  it('drops a Solana airdrop of a token the server flagged, and keeps a flagged token beside a real one', () => {
    const flagged = {
      ...fungible('1000', 'FREE'),
      fungible_info: { symbol: 'FREE', flags: { is_spam: true } },
    }
    const airdrop = tx('6', '2025-01-01T00:00:00Z', { transfers: [flagged] })
    const swap = tx('7', '2025-01-01T00:00:00Z', { transfers: [flagged, fungible('5', 'LUSD')] })
    expect(dropSpam([airdrop, swap]).map((t) => t.id)).toEqual(['7'])
  })

  it('keeps transactions without transfers (a deploy, a failed call)', () => {
    expect(isSpamOnly(tx('4', '2025-01-01T00:00:00Z', { transfers: null }))).toBe(false)
    expect(isSpamOnly(tx('5', '2025-01-01T00:00:00Z', { transfers: [] }))).toBe(false)
  })
})

describe('chain filter', () => {
  it('keeps only the active network', () => {
    const list = [
      tx('1', '2025-01-01T00:00:00Z'),
      tx('2', '2025-01-01T00:00:00Z', { chain: 'eip155:1' }),
    ]
    expect(keepChain(list, 'eip155:1').map((t) => t.id)).toEqual(['2'])
    expect(keepChain(list, undefined)).toEqual([])
  })
})
