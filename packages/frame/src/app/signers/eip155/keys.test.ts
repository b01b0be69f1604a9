import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../custody/keys.js'
import { eip155Signer } from './index.js'

// The well-known development mnemonic: its first EVM account is anvil's account 0.
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
const devEntropy = mnemonicToEntropy(DEV_MNEMONIC, wordlist)

describe('the eip155 key', () => {
  it("derives the standard EVM account (BIP-39 → BIP-32 m/44'/60'/0'/0/0)", () => {
    expect(eip155Signer.path).toBe("m/44'/60'/0'/0/0")
    expect(deriveWallet(devEntropy).addresses.eip155).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
  })

  it('signs with the derived key', async () => {
    const account = deriveWallet(newEntropy()).keyOf(eip155Signer)
    const signature = await account.signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: account.address, message: 'hello', signature })).toBe(
      true,
    )
  })
})
