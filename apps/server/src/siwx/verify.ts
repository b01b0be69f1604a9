import { type Address, type Hex, hashMessage, isAddress, isHex, type PublicClient } from 'viem'
import { verifyHash } from 'viem/actions'
import { parseSiweMessage, type SiweMessage } from 'viem/siwe'
import { HttpError } from '../errors.js'

/** How far a wallet's clock may run ahead of the server's. */
export const CLOCK_SKEW_MS = 60_000

/** Why a sign-in was refused: each check has its own code (docs/siwx.md#checks). */
export class SiwxError extends HttpError {
  override name = 'SiwxError'
  constructor(code: SiwxErrorCode, message: string, status = 400) {
    super(status, code, message)
  }
}

export type SiwxErrorCode =
  | 'SIWX_MALFORMED'
  | 'SIWX_DOMAIN_MISMATCH'
  | 'SIWX_URI_MISMATCH'
  | 'SIWX_CHAIN_UNSUPPORTED'
  | 'SIWX_ISSUED_IN_FUTURE'
  | 'SIWX_EXPIRED'
  | 'SIWX_NOT_YET_VALID'
  | 'SIWX_NONCE_INVALID'
  | 'SIWX_BAD_SIGNATURE'
  | 'UPSTREAM_ERROR'

export interface CheckedMessage {
  address: Address
  chainId: number
  domain: string
  uri: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
}

/**
 * The checks that need no chain and no database: the text is an EIP-4361 message, written for
 * the page that sends it (domain and URI from its verified Origin), on a chain this server
 * verifies, and valid now. The nonce and the signature are checked by the caller.
 */
export function checkSiweMessage(
  text: string,
  context: { origin: string; chainIds: ReadonlySet<number>; now: Date },
): CheckedMessage {
  let parsed: Partial<SiweMessage>
  try {
    parsed = parseSiweMessage(text)
  } catch {
    parsed = {}
  }
  const { address, chainId, domain, nonce, uri, version, issuedAt } = parsed
  if (
    !address ||
    !isAddress(address, { strict: false }) ||
    !chainId ||
    !domain ||
    !nonce ||
    !uri ||
    version !== '1' ||
    !issuedAt ||
    Number.isNaN(issuedAt.getTime())
  )
    throw new SiwxError(
      'SIWX_MALFORMED',
      'This is not an EIP-4361 sign-in message (address, chain ID, domain, nonce, URI, version 1 and issued-at are required).',
    )
  checkWrittenFor(context.origin, domain, uri)
  if (!context.chainIds.has(chainId))
    throw new SiwxError(
      'SIWX_CHAIN_UNSUPPORTED',
      `Chain ${chainId} is not one this server verifies sign-ins on.`,
    )
  checkTimeWindow(context.now, {
    issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
  })
  const { expirationTime } = parsed
  return { address, chainId, domain, uri, nonce, issuedAt, expirationTime }
}

/** The message was written for the calling page: its domain the page's host, its URI on its origin. */
export function checkWrittenFor(origin: string, domain: string, uri: string): void {
  const page = new URL(origin)
  if (domain !== page.host)
    throw new SiwxError(
      'SIWX_DOMAIN_MISMATCH',
      `The message signs in to "${domain.slice(0, 100)}", not to ${page.host}.`,
    )
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(uri).origin
  } catch {
    uriOrigin = undefined
  }
  if (uriOrigin !== page.origin)
    throw new SiwxError('SIWX_URI_MISMATCH', `The message's URI is not on ${page.origin}.`)
}

/** Valid now: issued-at not ahead, expiration not past, not-before reached (clocks may skew). */
export function checkTimeWindow(
  at: Date,
  times: { issuedAt: Date; expirationTime?: Date | undefined; notBefore?: Date | undefined },
): void {
  const now = at.getTime()
  if (times.issuedAt.getTime() > now + CLOCK_SKEW_MS)
    throw new SiwxError('SIWX_ISSUED_IN_FUTURE', 'The message was issued in the future.')
  if (times.expirationTime && times.expirationTime.getTime() <= now)
    throw new SiwxError('SIWX_EXPIRED', 'The sign-in message has expired.')
  if (times.notBefore && times.notBefore.getTime() > now + CLOCK_SKEW_MS)
    throw new SiwxError('SIWX_NOT_YET_VALID', 'The sign-in message is not valid yet.')
}

/**
 * EIP-191 over the message text: an EOA's signature, an ERC-1271 contract account's, or an
 * ERC-6492 one for an account not deployed yet (viem's verifyHash asks the chain).
 */
export async function verifySignature(
  client: PublicClient,
  { address, message, signature }: { address: Address; message: string; signature: string },
): Promise<void> {
  if (!isHex(signature) || signature.length < 132)
    throw new SiwxError('SIWX_BAD_SIGNATURE', 'The signature is not a hex signature.', 401)
  let valid = false
  try {
    valid = await verifyHash(client, {
      address,
      hash: hashMessage(message),
      signature: signature as Hex,
    })
  } catch (error) {
    // The chain not answering is not a bad signature.
    if (unreachable(error))
      throw new SiwxError('UPSTREAM_ERROR', 'The chain node did not answer; try again later.', 502)
    valid = false
  }
  if (!valid)
    throw new SiwxError(
      'SIWX_BAD_SIGNATURE',
      'The signature does not match the message and address.',
      401,
    )
}

function unreachable(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, i = 0; e && i < 8; i++) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError') return true
    e = e.cause as typeof e
  }
  return false
}
