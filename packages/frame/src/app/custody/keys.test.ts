import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import HDKeyEd25519 from 'micro-key-producer/slip10.js'
import { bytesToHex, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { checkWallet, deriveWallet, KeyMismatchError, newEntropy } from './keys.js'
import { combineShares, splitSecret } from './shares.js'

// The well-known development mnemonic: its first EVM account is anvil's account 0.
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
const devEntropy = mnemonicToEntropy(DEV_MNEMONIC, wordlist)

describe('deriveWallet', () => {
  it("derives the standard EVM account (BIP-39 → BIP-32 m/44'/60'/0'/0/0)", () => {
    expect(deriveWallet(devEntropy).evm.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it("uses SLIP-10 ed25519 for Solana (official test vector 1, chain m/0')", () => {
    const key = HDKeyEd25519.fromMasterSeed('000102030405060708090a0b0c0d0e0f').derive("m/0'")
    expect(bytesToHex(key.privateKey)).toBe(
      '0x68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    const { solana } = deriveWallet(devEntropy)
    expect(solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(deriveWallet(devEntropy).solana.address).toBe(solana.address)
  })

  it('signs with the derived key', async () => {
    const { evm } = deriveWallet(newEntropy())
    const signature = await evm.signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: evm.address, message: 'hello', signature })).toBe(true)
  })
})

describe('2-of-3 shares', () => {
  it('any two shares rebuild the wallet; the check accepts it', async () => {
    const entropy = newEntropy()
    const wallet = deriveWallet(entropy)
    const expected = { evmAddress: wallet.evm.address, solanaAddress: wallet.solana.address }
    const shares = await splitSecret(entropy)
    for (const [a, b] of [
      [shares.device, shares.auth],
      [shares.auth, shares.recovery],
      [shares.device, shares.recovery],
    ] as const)
      expect(checkWallet(deriveWallet(await combineShares(a, b)), expected).evm.address).toBe(
        wallet.evm.address,
      )
  })

  it('a share of another wallet rebuilds a different key, which the address check refuses', async () => {
    const mine = newEntropy()
    const wallet = deriveWallet(mine)
    const expected = { evmAddress: wallet.evm.address, solanaAddress: wallet.solana.address }
    const shares = await splitSecret(mine)
    const other = await splitSecret(newEntropy())
    const wrong = deriveWallet(await combineShares(other.device, shares.auth))
    expect(() => checkWallet(wrong, expected)).toThrow(KeyMismatchError)
  })

  it('one share alone is not the secret', async () => {
    const entropy = newEntropy()
    const shares = await splitSecret(entropy)
    for (const share of Object.values(shares))
      expect(share).not.toContain(Buffer.from(entropy).toString('base64').slice(0, 12))
  })
})
