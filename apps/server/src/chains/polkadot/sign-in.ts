import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2b'
import { verify as sr25519Verify } from '@scure/sr25519'
import { hexToBytes } from 'viem'
import { badSignature, caip122Family, chainUnsupported, readCaip122 } from '../../siwx/caip122.js'
import { ForeignSignInError } from '../../siwx/verify.js'
import type { ChainBackend, SignInVerifier, VerifiedSignIn } from '../types.js'
import { accountIdOf, ss58PrefixOf } from './address.js'
import { POLKADOT_CAIP2 } from './config.js'

/**
 * Sign in with Polkadot (CAIP-122, docs/polkadot-server.md#sign-in-with-polkadot): the EIP-4361
 * layout with a Polkadot header, an SS58 address, and `Chain ID` a `polkadot:` CAIP-2 (or its
 * reference). The wallet signs it with `signRaw` ({ type: 'bytes' }), which signs the text
 * wrapped in `<Bytes>…</Bytes>` so no signed message can ever be a transaction payload; exactly
 * that wrapped form is verified, with sr25519, ed25519 or ecdsa (`signatureVerify`).
 */

export const POLKADOT = 'polkadot'
const POLKADOT_CAIP122 = caip122Family({
  label: 'Polkadot',
  namespace: POLKADOT,
  isAddress: (address) => ss58PrefixOf(address) !== undefined,
})

export const isPolkadotSignIn = POLKADOT_CAIP122.isSignIn

/** Chains a sign-in may name besides the configured ones: the networks the adapter offers. */
export const KNOWN_POLKADOT_CHAINS = [
  'polkadot:91b171bb158e2d3848fa23a9f1c25182', // Polkadot
  'polkadot:b0a8d493285c2df73290dfb7e61f870f', // Kusama
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e', // Westend
  'polkadot:68d56f15f85d3136970ec16946040bc1', // Polkadot Asset Hub
]

/** The message's checks (the same codes as the other namespaces'); the signature is not read here. */
export function checkPolkadotMessage(
  text: string,
  context: { origin: string; now: Date; chains: readonly string[] },
): VerifiedSignIn {
  const { signIn } = readCaip122(text, POLKADOT_CAIP122, context, ({ chainId }) => {
    if (!POLKADOT_CAIP2.test(chainId) || !context.chains.includes(chainId))
      throw chainUnsupported(chainId)
  })
  return signIn
}

type Scheme = 'sr25519' | 'ed25519' | 'ecdsa'
/** MultiSignature's type byte (Ed25519, Sr25519, Ecdsa, in that order). */
const MULTI: Record<number, Scheme> = { 0: 'ed25519', 1: 'sr25519', 2: 'ecdsa' }

function verifies(scheme: Scheme, message: Uint8Array, signature: Uint8Array, account: Uint8Array) {
  try {
    if (scheme === 'sr25519')
      return signature.length === 64 && sr25519Verify(message, signature, account)
    if (scheme === 'ed25519')
      return signature.length === 64 && ed25519.verify(signature, message, account)
    return signature.length === 65 && ecdsaSigner(message, signature, account)
  } catch {
    return false
  }
}

/**
 * An ecdsa account id is the blake2-256 of the compressed key the signature recovers; the key
 * signs the blake2-256 of the message (as @polkadot/keyring's ecdsa pairs and wallets sign).
 */
function ecdsaSigner(message: Uint8Array, signature: Uint8Array, account: Uint8Array): boolean {
  const recovery = (signature[64] as number) >= 27 ? (signature[64] as number) - 27 : signature[64]
  if (recovery !== 0 && recovery !== 1) return false
  const key = secp256k1.Signature.fromCompact(signature.subarray(0, 64))
    .addRecoveryBit(recovery)
    .recoverPublicKey(blake2b(message, { dkLen: 32 }))
    .toRawBytes(true)
  return equalBytes(blake2b(key, { dkLen: 32 }), account)
}

const equalBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** What `signRaw` with `{ type: 'bytes' }` signs: the text inside `<Bytes>…</Bytes>`, once. */
function wrapBytes(message: string): Uint8Array {
  const wrapped = message.startsWith('<Bytes>') && message.endsWith('</Bytes>')
  return new TextEncoder().encode(wrapped ? message : `<Bytes>${message}</Bytes>`)
}

/**
 * The signature is the address's key's, over exactly `<Bytes>message</Bytes>`. Each scheme is
 * checked on its own (not util-crypto's `signatureVerify`, which also accepts a signature of the
 * bare bytes: those could be a transaction payload another site had the wallet sign).
 */
export async function verifyPolkadotSignature(input: {
  address: string
  message: string
  signature: string
}): Promise<'sr25519' | 'ed25519' | 'ecdsa'> {
  const bad = badSignature
  // 64 bytes (sr25519, ed25519), 65 (ecdsa), or a MultiSignature: a first byte naming the type.
  if (!/^0x(?:[0-9a-fA-F]{2}){64,66}$/.test(input.signature)) throw bad()
  const raw = hexToBytes(input.signature as `0x${string}`)
  const account = accountIdOf(input.address)
  const wrapped = wrapBytes(input.message)
  const multi = MULTI[raw[0] as number]
  const candidates: [Scheme, Uint8Array][] =
    raw.length === 64
      ? [
          ['sr25519', raw],
          ['ed25519', raw],
        ]
      : raw.length === 65
        ? [
            ['ecdsa', raw],
            ...(multi && multi !== 'ecdsa'
              ? [[multi, raw.subarray(1)] as [Scheme, Uint8Array]]
              : []),
          ]
        : multi === 'ecdsa'
          ? [['ecdsa', raw.subarray(1)]]
          : []
  for (const [scheme, signature] of candidates)
    if (verifies(scheme, wrapped, signature, account)) return scheme
  throw bad()
}

/** Sign-in with a Polkadot account on the configured and well-known chains; needs no node. */
export function polkadotSignIn(
  configured: readonly string[] = [],
): Required<Pick<ChainBackend, 'namespace' | 'verifySignIn'>> {
  const chains = [...new Set([...configured, ...KNOWN_POLKADOT_CHAINS])]
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!isPolkadotSignIn(message))
      throw new ForeignSignInError(POLKADOT, POLKADOT_CAIP122.malformed)
    const checked = checkPolkadotMessage(message, { origin, now, chains })
    await verifyPolkadotSignature({ address: checked.address, message, signature })
    return checked
  }
  return { namespace: POLKADOT, verifySignIn }
}
