import { makeCosmoshubPath } from '@cosmjs/amino'
import { Bip39, EnglishMnemonic } from '@cosmjs/crypto'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { describe, expect, it } from 'vitest'
import { isAddress } from './address.js'
import { DEV_COSMOS_MNEMONIC, devCosmosKeys, mnemonicSeed } from './keys.js'

describe('dev Cosmos keys', () => {
  it("stretch the mnemonic as BIP-39 (cosmjs's own) does", async () => {
    const expected = await Bip39.mnemonicToSeed(new EnglishMnemonic(DEV_COSMOS_MNEMONIC))
    expect(Buffer.from(mnemonicSeed(DEV_COSMOS_MNEMONIC))).toEqual(Buffer.from(expected))
  })

  it("are the accounts DirectSecp256k1HdWallet derives on m/44'/118'/0'/0/n", async () => {
    const keys = await devCosmosKeys()
    const hd = await DirectSecp256k1HdWallet.fromMnemonic(DEV_COSMOS_MNEMONIC, {
      prefix: 'cosmos',
      hdPaths: [0, 1, 2].map((n) => makeCosmoshubPath(n)),
    })
    const expected = (await hd.getAccounts()).map((a) => a.address)
    expect([keys.wallet.address, keys.friend.address, keys.faucet.address]).toEqual(expected)
    expect((await keys.wallet.amino.getAccounts())[0]?.address).toBe(keys.wallet.address)
    expect(keys.wallet.path).toBe("m/44'/118'/0'/0/0")
    for (const k of Object.values(keys)) expect(isAddress(k.address, 'cosmos')).toBe(true)
    expect(isAddress(keys.wallet.address, 'osmo')).toBe(false)
  })
})
