import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { isSpam, lureTextReason, spamPolicyFrom, unsolicitedAirdrops } from './spam.js'
import type { ChainEvent } from './types.js'

const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address
const NFT = addr(0xabc)
const nft = (to: Address, from: Address = addr(0)): ChainEvent => ({
  txHash: '0x01',
  logIndex: 0,
  item: 0,
  kind: 'erc721',
  token: NFT,
  tokenId: 1n,
  from,
  to,
  amount: 1n,
})

describe('lureTextReason', () => {
  it('flags links, lure words and bait', () => {
    expect(lureTextReason('Visit claim-eth.xyz', null)).toBe('name-link')
    expect(lureTextReason('https://x', null)).toBe('name-link')
    expect(lureTextReason('Free Mint Pass', null)).toBe('name-lure')
    expect(lureTextReason(null, 'REWARD')).toBe('name-lure')
    expect(lureTextReason('$5000 USDC', null)).toBe('name-bait')
  })
  it('leaves ordinary names alone', () => {
    expect(lureTextReason('Latch Genesis', 'LATCH')).toBeNull()
    expect(lureTextReason('Freedom Punks', 'FREE1')).toBeNull()
    expect(lureTextReason(null, null)).toBeNull()
  })
})

describe('unsolicitedAirdrops', () => {
  const sender = addr(0x5e)
  it('flags a contract that pushed tokens to many accounts in one transaction', () => {
    const events = [1, 2, 3, 4, 5].map((n) => nft(addr(0x100 + n)))
    expect(unsolicitedAirdrops({ from: sender }, events)).toEqual([NFT])
    expect(unsolicitedAirdrops({ from: sender }, events.slice(0, 4))).toEqual([])
  })
  it('does not count the sender buying for itself', () => {
    const events = [1, 2, 3, 4, 5].map(() => nft(sender))
    expect(unsolicitedAirdrops({ from: sender }, events)).toEqual([])
  })
})

describe('isSpam', () => {
  it('lets the deny list win, then the allow list, then the stored verdict', () => {
    const policy = spamPolicyFrom(`${addr(1)}, junk`, addr(2).toUpperCase().replace('0X', '0x'))
    expect(isSpam(addr(2), null, policy)).toBe(true)
    expect(isSpam(addr(1), 'airdrop', policy)).toBe(false)
    expect(isSpam(addr(3), 'airdrop', policy)).toBe(true)
    expect(isSpam(addr(3), null, policy)).toBe(false)
  })
})
