import { createHmac, timingSafeEqual } from 'node:crypto'
import { signatureHeaderParts } from './signature-header.js'

/**
 * CDP webhooks (Coinbase Onramp's transaction events) carry `X-Hook0-Signature:
 * t=<unix seconds>,v0=<hex>,h=<header names, space-separated>,v1=<hex>`. `v1` is HMAC-SHA256,
 * keyed with the subscription's secret, over `<t>.<h>.<those headers' values joined by '.'>.<raw
 * body>`, so the event id and type in the named headers are covered too. Only v1 is accepted:
 * v0 covers the body and time alone.
 */
export interface Hook0Signature {
  timestamp: number
  headerNames: string[]
  v1: string
}

export function parseHook0Signature(header: string | undefined): Hook0Signature | undefined {
  const parts = signatureHeaderParts(header)
  if (!parts) return undefined
  const t = parts.get('t')
  const v1 = parts.get('v1')
  const h = parts.get('h') ?? ''
  if (!t || !/^[0-9]{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return undefined
  const headerNames = h.split(' ').filter(Boolean)
  if (headerNames.some((name) => !/^[a-z0-9-]{1,64}$/.test(name))) return undefined
  return { timestamp: Number(t), headerNames, v1 }
}

/** The signed text for a delivery; `headers` as Node gives them (lower-case names). */
export function hook0SignedText(
  parsed: Pick<Hook0Signature, 'timestamp' | 'headerNames'>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): string {
  const values = parsed.headerNames.map((name) => {
    const value = headers[name]
    return Array.isArray(value) ? value.join(', ') : (value ?? '')
  })
  return `${parsed.timestamp}.${parsed.headerNames.join(' ')}.${values.join('.')}.${rawBody}`
}

/** Compared in constant time. */
export function hook0SignatureMatches(
  parsed: Hook0Signature,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string,
): boolean {
  const expected = createHmac('sha256', secret)
    .update(hook0SignedText(parsed, headers, rawBody))
    .digest()
  return timingSafeEqual(expected, Buffer.from(parsed.v1, 'hex'))
}
