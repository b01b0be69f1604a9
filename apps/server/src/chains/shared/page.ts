import { HttpError } from '../../http/errors.js'

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 100

/**
 * A history page size from the query, 1–100 (default 50). Each backend reads it at its own
 * point among its checks, so the first mistake reported stays the one it always was.
 */
export function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE
  const n = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE)
    throw new HttpError(400, 'INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_PAGE}.`)
  return n
}
