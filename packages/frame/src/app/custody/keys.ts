import { LatchError } from '@latch/core'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { ServerAddresses } from '../api.js'
import { SIGNERS } from '../signers/index.js'
import type { Signer } from '../signers/types.js'

/** 128 bits: a 12-word BIP-39 mnemonic. */
export const ENTROPY_BYTES = 16

/** One key per registered namespace, all from the wallet's one seed. */
export interface DerivedWallet {
  /** Each namespace's address, by namespace (eip155 → 0x…). */
  readonly addresses: Readonly<Record<string, string>>
  /** The namespace's key; never leaves the frame. */
  keyOf<key>(signer: Signer<key>): key
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

/** The one secret of a wallet is its BIP-39 entropy; every namespace's key derives from its seed. */
export function deriveWallet(entropy: Uint8Array): DerivedWallet {
  const seed = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
  return deriveFromSeed(seed)
}

export function deriveFromSeed(
  seed: Uint8Array,
  signers: readonly Signer[] = SIGNERS,
): DerivedWallet {
  const keys = new Map<Signer, unknown>(signers.map((signer) => [signer, signer.derive(seed)]))
  const addresses = Object.fromEntries(
    signers.map((signer) => [signer.namespace, signer.address(keys.get(signer))]),
  )
  return {
    addresses,
    keyOf<key>(signer: Signer<key>): key {
      if (!keys.has(signer as Signer)) throw new Error(`No ${signer.namespace} key in this wallet`)
      return keys.get(signer as Signer) as key
    },
  }
}

/** The wallet's addresses as the server's wire names them (`evmAddress`, …). */
export function serverAddresses(
  wallet: DerivedWallet,
  signers: readonly Signer[] = SIGNERS,
): Record<string, string> {
  return Object.fromEntries(
    signers.map((signer) => [signer.serverField, wallet.addresses[signer.namespace]!]),
  )
}

/**
 * Shamir reconstruction does not detect a wrong or corrupted share: it returns some other
 * secret. Every reconstruction is therefore checked against the addresses the server recorded
 * when the wallet was created: every namespace's, none of them missing.
 */
export function checkWallet(
  wallet: DerivedWallet,
  expected: ServerAddresses,
  signers: readonly Signer[] = SIGNERS,
): DerivedWallet {
  for (const signer of signers) {
    const recorded = expected[signer.serverField]
    const derived = wallet.addresses[signer.namespace]
    if (!recorded || !derived || !signer.sameAddress(derived, recorded))
      throw new KeyMismatchError()
  }
  return wallet
}
