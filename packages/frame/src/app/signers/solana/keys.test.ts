import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import HDKeyEd25519 from 'micro-key-producer/slip10.js'
import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveWallet } from '../../custody/keys.js'
import { solanaSigner } from './index.js'

const devEntropy = mnemonicToEntropy(
  'test test test test test test test test test test test junk',
  wordlist,
)

describe('the solana key', () => {
  it("uses SLIP-10 ed25519 for Solana (official test vector 1, chain m/0')", () => {
    const key = HDKeyEd25519.fromMasterSeed('000102030405060708090a0b0c0d0e0f').derive("m/0'")
    expect(bytesToHex(key.privateKey)).toBe(
      '0x68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    expect(solanaSigner.path).toBe("m/44'/501'/0'/0'")
    const address = deriveWallet(devEntropy).addresses.solana!
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(deriveWallet(devEntropy).addresses.solana).toBe(address)
  })

  it('signs with the derived key, verifiable under its address', () => {
    const key = deriveWallet(devEntropy).keyOf(solanaSigner)
    const message = new TextEncoder().encode('hello')
    expect(ed25519.verify(key.sign(message), message, base58.decode(key.address))).toBe(true)
  })
})
