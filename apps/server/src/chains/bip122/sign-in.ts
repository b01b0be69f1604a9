import { Verifier } from 'bip322-js'
import { badSignature, caip122Family, chainUnsupported, readCaip122 } from '../../siwx/caip122.js'
import { ForeignSignInError, SiwxError } from '../../siwx/verify.js'
import type { ChainBackend, SignInVerifier, VerifiedSignIn } from '../types.js'
import { BIP122, BITCOIN_NETWORKS, type BitcoinAddressType, parseAddress } from './networks.js'

/**
 * Sign in with Bitcoin (CAIP-122, docs/bitcoin-server.md#sign-in-with-bitcoin): the EIP-4361 layout with a Bitcoin
 * header, an address of the named network, and `Chain ID` its CAIP-2 reference (or full id).
 * Signatures: BIP-322 "simple" for P2WPKH and key-path P2TR addresses, and legacy BIP-137 ECDSA
 * for P2PKH and P2WPKH ones (what wallets' "ECDSA" signMessage gives), verified by bip322-js.
 */

const BITCOIN_CAIP122 = caip122Family({
  label: 'Bitcoin',
  namespace: BIP122,
  isAddress: (address) => /^[a-zA-Z0-9]{14,90}$/.test(address),
})

export const isBitcoinSignIn = BITCOIN_CAIP122.isSignIn

/** The address kinds a sign-in may come from, and the signatures each may give. */
const ACCEPTED: Partial<Record<BitcoinAddressType, { bip322: boolean; bip137: boolean }>> = {
  wpkh: { bip322: true, bip137: true },
  tr: { bip322: true, bip137: false },
  pkh: { bip322: false, bip137: true },
}

/** The message's checks (the same codes as EVM's and Solana's); the signature is not read here. */
export function checkBitcoinMessage(
  text: string,
  context: { origin: string; now: Date },
): VerifiedSignIn & { type: BitcoinAddressType } {
  const { chain, signIn } = readCaip122(text, BITCOIN_CAIP122, context, ({ address, chainId }) => {
    const network = BITCOIN_NETWORKS.find((n) => n.caip2 === chainId)
    if (!network) throw chainUnsupported(chainId)
    const parsed = parseAddress(address, network)
    if (!parsed)
      throw new SiwxError(
        'SIWX_MALFORMED',
        `The address is not one of ${network.name} (${chainId}).`,
      )
    if (!ACCEPTED[parsed.type])
      throw new SiwxError(
        'SIWX_MALFORMED',
        'Sign-in is verified for P2WPKH, P2TR and P2PKH addresses only.',
      )
    return parsed.type
  })
  return { ...signIn, type: chain }
}

/** A BIP-137 signature: 65 bytes whose first (the recovery header) is 27–42. */
function isBip137(signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64')
  return bytes.length === 65 && (bytes[0] as number) >= 27 && (bytes[0] as number) <= 42
}

/**
 * The signature is the address's, over exactly this message. BIP-137 is checked loosely as to
 * its header's address-kind flag (Electrum-style wallets sign P2WPKH messages with a P2PKH
 * header), never as to the key: the recovered key must make this very address.
 */
export function verifyBitcoinSignature(input: {
  address: string
  type: BitcoinAddressType
  message: string
  signature: string
}): void {
  const bad = badSignature
  const accepted = ACCEPTED[input.type]
  if (!accepted || !/^[A-Za-z0-9+/]{40,2000}={0,2}$/.test(input.signature)) throw bad()
  const legacy = isBip137(input.signature)
  if (legacy ? !accepted.bip137 : !accepted.bip322) throw bad()
  let valid = false
  try {
    valid = Verifier.verifySignature(input.address, input.message, input.signature, false)
  } catch {
    valid = false
  }
  if (!valid) throw bad()
}

/** Sign-in with a Bitcoin account on the networks this server knows; needs no upstream. */
export function bitcoinSignIn(): Required<Pick<ChainBackend, 'namespace' | 'verifySignIn'>> {
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!isBitcoinSignIn(message)) throw new ForeignSignInError(BIP122, BITCOIN_CAIP122.malformed)
    const { type, ...checked } = checkBitcoinMessage(message, { origin, now })
    verifyBitcoinSignature({ address: checked.address, type, message, signature })
    return checked
  }
  return { namespace: BIP122, verifySignIn }
}
