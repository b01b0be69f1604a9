import { solanaNetworks } from '@latch/core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { badSignature, caip122Family, chainUnsupported, readCaip122 } from '../../siwx/caip122.js'
import { ForeignSignInError } from '../../siwx/verify.js'
import type { ChainBackend, SignInVerifier, VerifiedSignIn } from '../types.js'

/** CAIP-2's namespace of Solana clusters. */
export const SOLANA = 'solana'

/** The Solana chains a sign-in may name: CAIP-2 ids of the networks Latch knows. */
export const SOLANA_CHAIN_IDS: ReadonlySet<string> = new Set(
  solanaNetworks.map((n) => n.caipNetworkId),
)

const SOLANA_CAIP122 = caip122Family({
  label: 'Solana',
  namespace: SOLANA,
  isAddress: (address) => {
    try {
      return base58.decode(address).length === 32
    } catch {
      return false
    }
  },
  addressNeeded: 'a base58 address',
})

/** Whether the text is a CAIP-122 sign-in for a Solana account. */
export const isSolanaSignIn = SOLANA_CAIP122.isSignIn

/**
 * CAIP-122 for Solana (docs/siwx.md#solana): the EIP-4361 layout with a Solana header and a
 * base58 address; `Chain ID` is the chain's reference (`5eykt4Us…`) or its full CAIP-2 id. The
 * same checks as an EVM sign-in, with the same codes; the nonce and the signature are the
 * caller's.
 */
export function checkSolanaMessage(
  text: string,
  context: { origin: string; now: Date },
): VerifiedSignIn {
  const { signIn } = readCaip122(text, SOLANA_CAIP122, context, ({ chainId }) => {
    if (!SOLANA_CHAIN_IDS.has(chainId)) throw chainUnsupported(chainId)
  })
  return signIn
}

/**
 * An ed25519 signature of the message's UTF-8 bytes by the address's key. Wallets hand the
 * signature over as base58 (the Solana convention) or base64: both are read.
 */
export function verifySolanaSignature(input: {
  address: string
  message: string
  signature: string
}): void {
  const decoded = [base58, base64].flatMap((codec) => {
    try {
      return [codec.decode(input.signature)]
    } catch {
      return []
    }
  })
  const signature = decoded.find((bytes) => bytes.length === 64)
  let valid = false
  if (signature)
    try {
      valid = ed25519.verify(
        signature,
        new TextEncoder().encode(input.message),
        base58.decode(input.address),
      )
    } catch {
      valid = false
    }
  if (!valid) throw badSignature()
}

/**
 * Sign-in with a Solana account (CAIP-122, docs/siwx.md#solana) on the networks Latch knows;
 * the signature needs no chain. The address is answered as signed: base58 is case-sensitive.
 */
export function solanaSignIn(): Required<Pick<ChainBackend, 'namespace' | 'verifySignIn'>> {
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!isSolanaSignIn(message)) throw new ForeignSignInError(SOLANA, SOLANA_CAIP122.malformed)
    const checked = checkSolanaMessage(message, { origin, now })
    verifySolanaSignature({ address: checked.address, message, signature })
    return checked
  }
  return { namespace: SOLANA, verifySignIn }
}
