import { createHash, timingSafeEqual } from 'node:crypto'

/** Tokens shorter than this are refused by the config: a guessable token is an open door. */
export const MIN_ADMIN_TOKEN_LENGTH = 24

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether an Authorization header carries the admin token. Digests are compared, so neither the
 * token's length nor its content leaks through timing. No token configured: never.
 */
export function isAdminRequest(header: string | undefined, token: string | undefined): boolean {
  if (!token) return false
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1]
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token))
}
