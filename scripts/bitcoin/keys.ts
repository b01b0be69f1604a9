/**
 * The dev Bitcoin accounts: BIP-84 (native segwit payment) and BIP-86 (taproot ordinal) from the
 * standard test mnemonic, coin type 1 as wallets use on regtest. Test keys: never for value.
 */
import { pbkdf2Sync } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { REGTEST } from './esplora.js'

export const DEV_BITCOIN_MNEMONIC = 'test test test test test test test test test test test junk'

export const DEV_BITCOIN_PATHS = {
  payment: "m/84'/1'/0'/0/0",
  ordinal: "m/86'/1'/0'/0/0",
  /** Mines the seed's blocks and funds the payment account; not a wallet account. */
  faucet: "m/84'/1'/1'/0/0",
  /** Where the payment account's seeded sends go. */
  friend: "m/84'/1'/2'/0/0",
} as const

export interface DevBitcoinKey {
  path: string
  address: string
  privateKey: Uint8Array
  publicKey: Uint8Array
  /** The output script its address pays to. */
  script: Uint8Array
  /** Taproot only: the untweaked x-only key a key-path spend signs for. */
  tapInternalKey?: Uint8Array
}

function segwitKey(root: HDKey, path: string): DevBitcoinKey {
  const key = root.derive(path)
  if (!key.privateKey || !key.publicKey) throw new Error(`no key at ${path}`)
  const payment = p2wpkh(key.publicKey, REGTEST)
  return {
    path,
    address: payment.address as string,
    privateKey: key.privateKey,
    publicKey: key.publicKey,
    script: payment.script,
  }
}

function taprootKey(root: HDKey, path: string): DevBitcoinKey {
  const key = root.derive(path)
  if (!key.privateKey || !key.publicKey) throw new Error(`no key at ${path}`)
  const payment = p2tr(key.publicKey.slice(1), undefined, REGTEST)
  return {
    path,
    address: payment.address as string,
    privateKey: key.privateKey,
    publicKey: key.publicKey,
    script: payment.script,
    tapInternalKey: key.publicKey.slice(1),
  }
}

/**
 * BIP-39's seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"): node's native PBKDF2 takes
 * milliseconds where a JavaScript one took 0.6 s of `npm start` on a loaded machine. keys.test.ts
 * checks it against @scure/bip39.
 */
export function mnemonicSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const seed = pbkdf2Sync(
    mnemonic.normalize('NFKD'),
    `mnemonic${passphrase}`.normalize('NFKD'),
    2048,
    64,
    'sha512',
  )
  return new Uint8Array(seed)
}

let cached: ReturnType<typeof derive> | undefined

function derive() {
  const root = HDKey.fromMasterSeed(mnemonicSeed(DEV_BITCOIN_MNEMONIC))
  return {
    payment: segwitKey(root, DEV_BITCOIN_PATHS.payment),
    ordinal: taprootKey(root, DEV_BITCOIN_PATHS.ordinal),
    faucet: segwitKey(root, DEV_BITCOIN_PATHS.faucet),
    friend: segwitKey(root, DEV_BITCOIN_PATHS.friend),
  }
}

export function devBitcoinKeys() {
  cached ??= derive()
  return cached
}
