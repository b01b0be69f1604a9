/**
 * The dev Cosmos accounts: the standard test mnemonic (the one anvil's and the dev Bitcoin
 * node's accounts use) on the Cosmos Hub path m/44'/118'/0'/0/n, as Keplr derives them. The
 * BIP-39 seed is stretched with Node's native PBKDF2 (cosmjs's JS one took ~2 s a wallet on the
 * loaded dev machine); keys.test.ts checks the addresses equal DirectSecp256k1HdWallet's. Test
 * keys: never for value.
 */
import { pbkdf2Sync } from 'node:crypto'
import { makeCosmoshubPath, Secp256k1Wallet } from '@cosmjs/amino'
import { Slip10, Slip10Curve } from '@cosmjs/crypto'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { DEV_COSMOS_PREFIX } from './config.js'

export const DEV_COSMOS_MNEMONIC = 'test test test test test test test test test test test junk'

/** Account index n of m/44'/118'/0'/0/n per role. */
export const DEV_COSMOS_ACCOUNTS = {
  /** The dev wallet account: the one a developer connects, with the seeded history. */
  wallet: 0,
  /** Where the wallet's seeded sends go, and a second wallet account for tests. */
  friend: 1,
  /** Funds the wallet each month; not a wallet account. */
  faucet: 2,
} as const

export type DevCosmosRole = keyof typeof DEV_COSMOS_ACCOUNTS

export interface DevCosmosAccount {
  address: string
  path: string
  /** SIGN_MODE_DIRECT signer of this account. */
  direct: DirectSecp256k1Wallet
  /** SIGN_MODE_LEGACY_AMINO_JSON signer of the same key (what Ledger-style wallets use). */
  amino: Secp256k1Wallet
}

export type DevCosmosKeys = Record<DevCosmosRole, DevCosmosAccount>

/** BIP-39's seed: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" (no passphrase). */
export function mnemonicSeed(mnemonic: string): Uint8Array {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
}

export async function devCosmosKeys(prefix = DEV_COSMOS_PREFIX): Promise<DevCosmosKeys> {
  const seed = mnemonicSeed(DEV_COSMOS_MNEMONIC)
  const keys = {} as DevCosmosKeys
  for (const role of Object.keys(DEV_COSMOS_ACCOUNTS) as DevCosmosRole[]) {
    const index = DEV_COSMOS_ACCOUNTS[role]
    const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(index))
    const direct = await DirectSecp256k1Wallet.fromKey(privkey, prefix)
    const [account] = await direct.getAccounts()
    keys[role] = {
      address: account?.address as string,
      path: `m/44'/118'/0'/0/${index}`,
      direct,
      amino: await Secp256k1Wallet.fromKey(privkey, prefix),
    }
  }
  return keys
}
