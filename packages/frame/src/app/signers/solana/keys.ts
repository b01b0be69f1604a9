import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import HDKeyEd25519 from 'micro-key-producer/slip10.js'

/** m/44'/501'/0'/0': Solana's first account, hardened all the way as SLIP-10 ed25519 requires. */
export const SOLANA_PATH = "m/44'/501'/0'/0'"

export interface SolanaKey {
  address: string
  /** 32-byte ed25519 seed; never leaves the frame. */
  privateKey: Uint8Array
  sign(message: Uint8Array): Uint8Array
}

/** The Solana account of a BIP-39 seed (SLIP-10 ed25519). */
export function deriveSolanaKey(seed: Uint8Array): SolanaKey {
  const privateKey = HDKeyEd25519.fromMasterSeed(seed).derive(SOLANA_PATH).privateKey
  return {
    address: base58.encode(ed25519.getPublicKey(privateKey)),
    privateKey,
    sign: (message) => ed25519.sign(message, privateKey),
  }
}
