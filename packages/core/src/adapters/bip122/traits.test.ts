import { bech32, bech32m } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { parseBitcoinAddress } from './address.js'
import { bitcoinTraits } from './traits.js'

// BIP-173 / BIP-350 test vectors, the dev node's accounts (docs/bitcoin-node.md), and well-known
// base58 addresses.
const VALID: Array<[string, string, readonly string[]]> = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh', ['mainnet']],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh', ['mainnet']],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'p2wsh', ['testnet']],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr', ['mainnet']],
  ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', 'p2wpkh', ['regtest']],
  ['bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv', 'p2tr', ['regtest']],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'p2pkh', ['mainnet']],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh', ['mainnet']],
  ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'p2pkh', ['testnet', 'regtest']],
  ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'p2sh', ['testnet', 'regtest']],
]

const INVALID = [
  '',
  'hello',
  // One character changed: the checksum fails.
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
  // Mixed case.
  'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  // Unknown human-readable part, and an EVM address.
  'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  // A Solana address is base58 of 32 bytes, not 25.
  'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
]

describe('bitcoinTraits', () => {
  it.each(VALID)('accepts %s as %s', (address, type, networks) => {
    expect(bitcoinTraits.isAddress(address)).toBe(true)
    expect(parseBitcoinAddress(address)).toEqual({ type, networks })
  })

  it.each(INVALID)('refuses %j', (address) => {
    expect(bitcoinTraits.isAddress(address)).toBe(false)
  })

  it('refuses witness v0 under bech32m and v1 under bech32 (BIP-350)', () => {
    const program = new Uint8Array(20).fill(7)
    const v0 = [0, ...bech32.toWords(program)]
    expect(bitcoinTraits.isAddress(bech32.encode('bc', v0))).toBe(true)
    expect(bitcoinTraits.isAddress(bech32m.encode('bc', v0))).toBe(false)
    const key = new Uint8Array(32).fill(9)
    const v1 = [1, ...bech32m.toWords(key)]
    expect(bitcoinTraits.isAddress(bech32m.encode('tb', v1))).toBe(true)
    expect(bitcoinTraits.isAddress(bech32.encode('tb', v1))).toBe(false)
    // Witness programs of the wrong length, and future versions, are not payable addresses here.
    expect(
      bitcoinTraits.isAddress(bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(25))])),
    ).toBe(false)
    expect(bitcoinTraits.isAddress(bech32m.encode('bc', [2, ...bech32m.toWords(key)]))).toBe(false)
  })

  it('compares bech32 lower-case and keeps base58 as given', () => {
    expect(bitcoinTraits.normalizeAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    )
    expect(bitcoinTraits.normalizeAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    )
  })

  it('signs in with CAIP-122, sends, shows balances, has no names and no extra send costs', () => {
    expect(bitcoinTraits).toMatchObject({
      namespace: 'bip122',
      label: 'Bitcoin',
      signInMessage: 'caip122',
      features: { balance: true, send: true, names: false },
    })
    expect(bitcoinTraits.sendCosts?.({ feeRate: 2, vsize: 141, inputs: [], change: 0n })).toEqual(
      [],
    )
  })
})
