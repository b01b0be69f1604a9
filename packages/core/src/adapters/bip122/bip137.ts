/**
 * The legacy "Bitcoin Signed Message" (Bitcoin Core's signmessage, BIP-137 headers): a recoverable
 * ECDSA signature over the double SHA-256 of the prefixed message, base64. Wallets sign with it
 * when asked for 'ECDSA'; P2PKH addresses can only sign this way.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { CompactSize, p2pkh, p2sh, p2wpkh } from '@scure/btc-signer'
import { concatBytes, sha256x2 } from '@scure/btc-signer/utils.js'
import type { BitcoinNetworkParams } from './params.js'

const PREFIX = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')

export function legacyMessageHash(message: string): Uint8Array {
  const bytes = new TextEncoder().encode(message)
  return sha256x2(concatBytes(PREFIX, CompactSize.encode(BigInt(bytes.length)), bytes))
}

/** BIP-137's header base per address type: 27 P2PKH uncompressed, 31 compressed, 35 nested, 39 native. */
const HEADER = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const
export type LegacySignatureType = keyof typeof HEADER

export function signLegacyMessage(parameters: {
  privateKey: Uint8Array
  message: string
  type: LegacySignatureType
}): string {
  const signature = secp256k1.sign(legacyMessageHash(parameters.message), parameters.privateKey, {
    prehash: false,
    format: 'recovered',
  })
  // noble puts the recovery id first; BIP-137 puts its header, which carries it, there too.
  const out = new Uint8Array(signature)
  out[0] = HEADER[parameters.type] + (signature[0] as number)
  return base64.encode(out)
}

/**
 * Recovers the signer's key and accepts the signature when any address that key has of the
 * types wallets use (P2PKH, P2SH-P2WPKH, P2WPKH) is `address`: wallets are lax with BIP-137's
 * header (Electrum marks segwit signatures as P2PKH), and the key match is what proves control.
 */
export function verifyLegacyMessage(parameters: {
  address: string
  message: string
  signature: string
  network: BitcoinNetworkParams
}): boolean {
  try {
    const bytes = base64.decode(parameters.signature)
    if (bytes.length !== 65) return false
    const header = bytes[0] as number
    if (header < 27 || header > 42) return false
    const recovered = new Uint8Array(bytes)
    recovered[0] = (header - 27) & 3
    const compressed = secp256k1.recoverPublicKey(
      recovered,
      legacyMessageHash(parameters.message),
      { prehash: false },
    )
    const { network, address } = parameters
    const candidates = [
      p2pkh(compressed, network).address,
      p2wpkh(compressed, network).address,
      p2sh(p2wpkh(compressed, network), network).address,
    ]
    if (header < 31) {
      const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false)
      candidates.push(p2pkh(uncompressed, network).address)
    }
    return candidates.includes(address)
  } catch {
    return false
  }
}
