import { serializeSignDoc } from '@cosmjs/amino'
import { describe, expect, it } from 'vitest'
import { adr36SignBytes } from './verifyMessage.js'
import { adr36SignDoc, cosmosSessionAccounts, keyMakesAddress } from './walletConnect.js'

// The test mnemonic's account 0 on the Hub path, and its compressed public key.
const ADDRESS = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const PUBKEY = 'AiOqZ51tU0TiAeDfnwKrFahHJu7g37TpU8Rqniy1I0nc'

describe('cosmos WalletConnect session data', () => {
  it('reads the accounts of one chain from CAIP-10 entries, dropping other chains and non-addresses', () => {
    const namespaces = {
      cosmos: {
        accounts: [
          `cosmos:latchdev-1:${ADDRESS}`,
          `cosmos:cosmoshub-4:${ADDRESS}`,
          'cosmos:latchdev-1:not-an-address',
          `cosmos:latchdev-1:${ADDRESS}`,
        ],
        methods: [],
        events: [],
      },
    }
    expect(cosmosSessionAccounts(namespaces, 'latchdev-1')).toEqual([ADDRESS])
    expect(cosmosSessionAccounts(namespaces, 'osmosis-1')).toEqual([])
    expect(cosmosSessionAccounts({}, 'latchdev-1')).toEqual([])
  })

  it('accepts only the public key the address was made from', () => {
    const key = new Uint8Array(Buffer.from(PUBKEY, 'base64'))
    expect(keyMakesAddress(key, ADDRESS)).toBe(true)
    const other = key.slice()
    other[5] = (other[5] ?? 0) ^ 1
    expect(keyMakesAddress(other, ADDRESS)).toBe(false)
    expect(keyMakesAddress(key.slice(1), ADDRESS)).toBe(false)
    expect(keyMakesAddress(key, 'cosmos1notanaddress')).toBe(false)
  })

  it('asks the phone to sign the ADR-036 document the server rebuilds, byte for byte', () => {
    const message = 'Sign in: <&> ünïcode'
    expect(serializeSignDoc(adr36SignDoc(ADDRESS, message))).toEqual(
      adr36SignBytes(ADDRESS, message),
    )
  })
})
