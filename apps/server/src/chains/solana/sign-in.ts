import { solanaNetworks } from '@latch/core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import {
  checkTimeWindow,
  checkWrittenFor,
  ForeignSignInError,
  SiwxError,
} from '../../siwx/verify.js'
import type { ChainBackend, SignInVerifier, VerifiedSignIn } from '../types.js'

/** CAIP-2's namespace of Solana clusters. */
export const SOLANA = 'solana'

/** The Solana chains a sign-in may name: CAIP-2 ids of the networks Latch knows. */
export const SOLANA_CHAIN_IDS: ReadonlySet<string> = new Set(
  solanaNetworks.map((n) => n.caipNetworkId),
)

const HEADER = / wants you to sign in with your Solana account:$/

/** Whether the text is a CAIP-122 sign-in for a Solana account. */
export const isSolanaSignIn = (text: string) => HEADER.test(text.split('\n', 1)[0] ?? '')

const NOT_CAIP122 =
  'This is not a CAIP-122 Solana sign-in message (a base58 address, URI, version 1, chain ID, nonce and issued-at are required).'

function fieldsOf(lines: string[]): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of lines) {
    const at = line.indexOf(': ')
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2))
  }
  return fields
}

const dateOf = (value: string | undefined) => {
  if (value === undefined) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

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
  const lines = text.split('\n')
  const header = lines[0] ?? ''
  const address = lines[1] ?? ''
  const fields = fieldsOf(lines.slice(2))
  const domain = header.replace(HEADER, '')
  const uri = fields.get('URI')
  const nonce = fields.get('Nonce')
  const reference = fields.get('Chain ID')
  const issuedAt = dateOf(fields.get('Issued At'))
  const expirationTime = dateOf(fields.get('Expiration Time'))
  const notBefore = dateOf(fields.get('Not Before'))
  let key: Uint8Array | undefined
  try {
    key = base58.decode(address)
  } catch {
    key = undefined
  }
  if (
    !HEADER.test(header) ||
    !domain ||
    key?.length !== 32 ||
    !uri ||
    !nonce ||
    !/^[a-zA-Z0-9]{8,}$/.test(nonce) ||
    !reference ||
    fields.get('Version') !== '1' ||
    !issuedAt ||
    expirationTime === null ||
    notBefore === null
  )
    throw new SiwxError('SIWX_MALFORMED', NOT_CAIP122)
  checkWrittenFor(context.origin, domain, uri)
  const chainId = reference.startsWith(`${SOLANA}:`) ? reference : `${SOLANA}:${reference}`
  if (!SOLANA_CHAIN_IDS.has(chainId))
    throw new SiwxError(
      'SIWX_CHAIN_UNSUPPORTED',
      `Chain ${chainId.slice(0, 80)} is not one this server verifies sign-ins on.`,
    )
  checkTimeWindow(context.now, {
    issuedAt,
    expirationTime: expirationTime ?? undefined,
    notBefore: notBefore ?? undefined,
  })
  return { address, chainId, domain, uri, nonce, issuedAt, expirationTime }
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
  if (!valid)
    throw new SiwxError(
      'SIWX_BAD_SIGNATURE',
      'The signature does not match the message and address.',
      401,
    )
}

/**
 * Sign-in with a Solana account (CAIP-122, docs/siwx.md#solana) on the networks Latch knows;
 * the signature needs no chain. The address is answered as signed: base58 is case-sensitive.
 */
export function solanaSignIn(): Required<Pick<ChainBackend, 'namespace' | 'verifySignIn'>> {
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!isSolanaSignIn(message)) throw new ForeignSignInError(SOLANA, NOT_CAIP122)
    const checked = checkSolanaMessage(message, { origin, now })
    verifySolanaSignature({ address: checked.address, message, signature })
    return checked
  }
  return { namespace: SOLANA, verifySignIn }
}
