import { describe, expect, it } from 'vitest'
import type { SwapToken } from './SwapApi.js'
import { searchTokens } from './swapTokenSearch.js'

const token = (symbol: string, name: string, address: string): SwapToken => ({
  symbol,
  name,
  address: `eip155:31337:${address}`,
  decimals: 18,
  logoUri: '',
})
const eth = token('ETH', 'Ether', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const lusd = token('LUSD', 'Latch USD', '0x5FbDB2315678afecb367f032d93F642f64180aa3')
const demo = token('DEMO', 'Demo Token', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')
const all = [eth, lusd, demo]

describe('searchTokens', () => {
  it('names every token for an empty query, in list order', () => {
    expect(searchTokens(all, '  ')).toEqual(all)
  })

  it('finds by symbol or name, in any case and any part', () => {
    expect(searchTokens(all, 'lus')).toEqual([lusd])
    expect(searchTokens(all, 'demo tok')).toEqual([demo])
    expect(searchTokens(all, 'E')).toEqual([eth, demo])
    expect(searchTokens(all, 'ether')).toEqual([eth])
  })

  it('finds by a pasted address, its start, or its CAIP-10 id, whatever its case', () => {
    expect(searchTokens(all, '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toEqual([lusd])
    expect(searchTokens(all, '0xE7F1')).toEqual([demo])
    expect(searchTokens(all, `eip155:31337:${lusd.address.split(':')[2]}`)).toEqual([lusd])
  })

  it('names nothing for an address no token has', () => {
    expect(searchTokens(all, '0x1234567890123456789012345678901234567890')).toEqual([])
    expect(searchTokens(all, 'doge')).toEqual([])
  })
})
