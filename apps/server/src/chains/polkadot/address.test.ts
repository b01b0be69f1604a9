import { describe, expect, it } from 'vitest'
import { parsePolkadotAddress, spell, ss58PrefixOf } from './address.js'

const ALICE_HEX = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d'
const ALICE_2 = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const ALICE_42 = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_0 = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'

describe('polkadot addresses', () => {
  it('reads the prefix of one-byte and two-byte SS58 addresses', () => {
    expect(ss58PrefixOf(ALICE_2)).toBe(2)
    expect(ss58PrefixOf(ALICE_42)).toBe(42)
    expect(ss58PrefixOf(ALICE_0)).toBe(0)
    const two = spell(ALICE_HEX, 1284)
    expect(ss58PrefixOf(two)).toBe(1284)
  })

  it('refuses bad checksums, other lengths, and Solana or EVM addresses', () => {
    expect(ss58PrefixOf(`${ALICE_2.slice(0, -1)}G`)).toBeUndefined()
    expect(ss58PrefixOf('So11111111111111111111111111111111111111112')).toBeUndefined()
    expect(ss58PrefixOf('0xd43593c715fdd31c61141abd04a99fd6822c8558')).toBeUndefined()
    expect(ss58PrefixOf('')).toBeUndefined()
  })

  it("parses only the chain's own spelling", () => {
    expect(parsePolkadotAddress(ALICE_2, 2)).toEqual({ address: ALICE_2, account: ALICE_HEX })
    expect(() => parsePolkadotAddress(ALICE_42, 2)).toThrow(/prefix 42/)
    expect(spell(ALICE_HEX, 2)).toBe(ALICE_2)
  })
})
