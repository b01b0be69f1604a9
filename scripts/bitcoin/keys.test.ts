import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { scriptOfAddress } from './esplora.js'
import { DEV_BITCOIN_MNEMONIC, devBitcoinKeys, mnemonicSeed } from './keys.js'

describe('dev Bitcoin keys', () => {
  it('derives the BIP-39 seed as @scure/bip39 does, with and without a passphrase', () => {
    expect(mnemonicSeed(DEV_BITCOIN_MNEMONIC)).toEqual(
      new Uint8Array(mnemonicToSeedSync(DEV_BITCOIN_MNEMONIC)),
    )
    expect(mnemonicSeed(DEV_BITCOIN_MNEMONIC, 'TREZOR')).toEqual(
      new Uint8Array(mnemonicToSeedSync(DEV_BITCOIN_MNEMONIC, 'TREZOR')),
    )
  })

  it('gives a regtest native segwit payment address and a taproot ordinal address', () => {
    const { payment, ordinal, faucet, friend } = devBitcoinKeys()
    expect(payment.address).toMatch(/^bcrt1q[0-9a-z]{38}$/)
    expect(ordinal.address).toMatch(/^bcrt1p[0-9a-z]{58}$/)
    expect(new Set([payment.address, ordinal.address, faucet.address, friend.address]).size).toBe(4)
    expect(Buffer.from(scriptOfAddress(payment.address) ?? [])).toEqual(Buffer.from(payment.script))
    expect(Buffer.from(scriptOfAddress(ordinal.address) ?? [])).toEqual(Buffer.from(ordinal.script))
  })

  it('refuses addresses of other networks', () => {
    expect(scriptOfAddress('bc1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelqsx2w9')).toBeUndefined()
    expect(scriptOfAddress('not an address')).toBeUndefined()
  })
})
