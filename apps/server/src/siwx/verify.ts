import { HttpError } from '../http/errors.js'

/** How far a wallet's clock may run ahead of the server's. */
export const CLOCK_SKEW_MS = 60_000

// The checks every namespace's sign-in shares (chains/<namespace>/sign-in.ts): written for the
// calling page, valid now; and the errors they answer with.

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

/**
 * A namespace's verifier was handed another namespace's message (its first line names another
 * chain family, or none). Its text is that namespace's "not a sign-in message" answer: the SIWX
 * routes give it when no registered namespace reads the message (siwx/verifiers.ts).
 */
export class ForeignSignInError extends SiwxError {
  override name = 'ForeignSignInError'
  constructor(
    readonly namespace: string,
    message: string,
  ) {
    super('SIWX_MALFORMED', message)
  }
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
