import { bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { parseCosmosAddress, toPrefix } from './address.js'

const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

describe('parseCosmosAddress', () => {
  it('reads a 20-byte account and its prefix', () => {
    expect(parseCosmosAddress(WALLET)).toMatchObject({ address: WALLET, prefix: 'cosmos' })
    expect(parseCosmosAddress(WALLET)?.data).toHaveLength(20)
  })

  it('takes an all-upper-case address and keeps it lower-cased, as nodes write it', () => {
    expect(parseCosmosAddress(WALLET.toUpperCase())?.address).toBe(WALLET)
  })

  it('refuses a changed character (checksum), mixed case, junk and the wrong length', () => {
    const flipped = `${WALLET.slice(0, -1)}${WALLET.endsWith('7') ? '8' : '7'}`
    expect(parseCosmosAddress(flipped)).toBeUndefined()
    expect(parseCosmosAddress(`C${WALLET.slice(1)}`)).toBeUndefined()
    expect(parseCosmosAddress('0x00000000000000000000000000000000deadbeef')).toBeUndefined()
    expect(parseCosmosAddress('cosmos1')).toBeUndefined()
    // A valid bech32 string over 10 bytes is no account.
    const short = parseCosmosAddress(WALLET)?.data.slice(0, 10) as Uint8Array
    expect(parseCosmosAddress(bech32.encode('cosmos', bech32.toWords(short)))).toBeUndefined()
  })

  it('moves one key to another chain’s prefix and back', () => {
    const osmo = toPrefix(WALLET, 'osmo')
    expect(osmo).toMatch(/^osmo1/)
    expect(toPrefix(osmo, 'cosmos')).toBe(WALLET)
    expect(() => toPrefix('nonsense', 'osmo')).toThrow(/Not a Cosmos address/)
  })
})
