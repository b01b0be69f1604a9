import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * MoonPay's protocol as the sandbox plays it, written independently of the server's adapter so
 * the two check each other: the widget URL's signature and the webhooks' Moonpay-Signature-V2.
 */

/** Splits a widget query into the signed part and its signature; undefined when unsigned. */
export function splitSignedQuery(
  search: string,
): { signed: string; signature: string } | undefined {
  const at = search.lastIndexOf('&signature=')
  if (!search.startsWith('?') || at < 0) return undefined
  return {
    signed: search.slice(0, at),
    signature: decodeURIComponent(search.slice(at + '&signature='.length)),
  }
}

/** True when the query was signed with this secret key (base64 HMAC-SHA256 of `?…`). */
export function widgetSignatureValid(search: string, secretKey: string): boolean {
  const parts = splitSignedQuery(search)
  if (!parts) return false
  const expected = createHmac('sha256', secretKey).update(parts.signed).digest()
  const given = Buffer.from(parts.signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The header MoonPay puts on a webhook: `t=<unix seconds>,s=<hex HMAC of "t.body">`. */
export function webhookSignatureHeader(body: string, webhookKey: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000)
  const s = createHmac('sha256', webhookKey).update(`${t}.${body}`).digest('hex')
  return `t=${t},s=${s}`
}
