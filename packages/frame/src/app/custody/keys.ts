import { LatchError } from '@latch/core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import HDKeyEd25519 from 'micro-key-producer/slip10.js'
import { bytesToHex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** m/44'/60'/0'/0/0: the first account every EVM wallet derives. */
export const EVM_PATH = "m/44'/60'/0'/0/0"
/** m/44'/501'/0'/0': Solana's first account, hardened all the way as SLIP-10 ed25519 requires. */
export const SOLANA_PATH = "m/44'/501'/0'/0'"

/** 128 bits: a 12-word BIP-39 mnemonic. */
export const ENTROPY_BYTES = 16

export interface SolanaKey {
  address: string
  /** 32-byte ed25519 seed; never leaves the frame. */
  privateKey: Uint8Array
  sign(message: Uint8Array): Uint8Array
}

export interface DerivedWallet {
  evm: LocalAccount
  solana: SolanaKey
}

export class KeyMismatchError extends LatchError {
  override name = 'KeyMismatchError'
  constructor() {
    super('The reconstructed key does not match this account')
  }
}

export function newEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

/** The one secret of a wallet is its BIP-39 entropy; both chains' keys derive from its seed. */
export function deriveWallet(entropy: Uint8Array): DerivedWallet {
  const seed = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
  return deriveFromSeed(seed)
}

export function deriveFromSeed(seed: Uint8Array): DerivedWallet {
  const evmKey = HDKey.fromMasterSeed(seed).derive(EVM_PATH).privateKey
  if (!evmKey) throw new Error('derivation produced no key')
  const solanaKey = HDKeyEd25519.fromMasterSeed(seed).derive(SOLANA_PATH).privateKey
  const solanaPublic = ed25519.getPublicKey(solanaKey)
  return {
    evm: privateKeyToAccount(bytesToHex(evmKey)),
    solana: {
      address: base58.encode(solanaPublic),
      privateKey: solanaKey,
      sign: (message) => ed25519.sign(message, solanaKey),
    },
  }
}

/**
 * Shamir reconstruction does not detect a wrong or corrupted share: it returns some other
 * secret. Every reconstruction is therefore checked against the addresses the server recorded
 * when the wallet was created.
 */
export function checkWallet(
  wallet: DerivedWallet,
  expected: { evmAddress: string | null; solanaAddress: string | null },
): DerivedWallet {
  if (
    !expected.evmAddress ||
    wallet.evm.address.toLowerCase() !== expected.evmAddress.toLowerCase() ||
    wallet.solana.address !== expected.solanaAddress
  )
    throw new KeyMismatchError()
  return wallet
}
