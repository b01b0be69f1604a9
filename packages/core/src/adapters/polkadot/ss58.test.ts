import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeSs58, encodeSs58, respellSs58, sameSs58Account } from './ss58.js'

// Checked against @polkadot/util-crypto, the reference every wallet and node tool uses.
const ALICE_42 = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_2 = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'

beforeAll(() => cryptoWaitReady())

describe('SS58 addresses', () => {
  it('decodes a well-known address to its prefix and account id', () => {
    const decoded = decodeSs58(ALICE_42)
    expect(decoded?.prefix).toBe(42)
    expect(decoded?.accountId).toEqual(decodeAddress(ALICE_42))
    expect(decodeSs58(ALICE_2)?.prefix).toBe(2)
  })

  it('spells one key as util-crypto does for one- and two-byte prefixes', () => {
    const pair = new Keyring({ type: 'sr25519' }).addFromUri('//Bob')
    for (const prefix of [0, 2, 42, 63, 64, 255, 1284, 16383])
      expect(encodeSs58(pair.publicKey, prefix)).toBe(encodeAddress(pair.publicKey, prefix))
    for (const prefix of [64, 1284, 16383])
      expect(decodeSs58(encodeAddress(pair.publicKey, prefix))?.prefix).toBe(prefix)
  })

  it('respells between prefixes and compares accounts across them', () => {
    expect(respellSs58(ALICE_42, 2)).toBe(ALICE_2)
    expect(sameSs58Account(ALICE_42, ALICE_2)).toBe(true)
    expect(sameSs58Account(ALICE_42, '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty')).toBe(
      false,
    )
  })

  it('refuses a flipped character, a wrong length, other alphabets and bad prefixes', () => {
    // One character changed: base58 still, the checksum no longer matches.
    const flipped = `${ALICE_42.slice(0, 10)}${ALICE_42[10] === 'a' ? 'b' : 'a'}${ALICE_42.slice(11)}`
    expect(decodeSs58(flipped)).toBeUndefined()
    expect(decodeSs58(ALICE_42.slice(0, -1))).toBeUndefined()
    expect(
      decodeSs58('0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d'),
    ).toBeUndefined()
    expect(decodeSs58('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeUndefined()
    expect(decodeSs58(`${ALICE_42}O`)).toBeUndefined()
    expect(() => encodeSs58(new Uint8Array(31), 0)).toThrow(RangeError)
    expect(() => encodeSs58(new Uint8Array(32), 16384)).toThrow(RangeError)
  })
})
