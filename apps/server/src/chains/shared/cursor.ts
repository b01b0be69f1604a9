import { createHmac, timingSafeEqual } from 'node:crypto'

/** A position in the newest-first order (minedAt, block, tx index, chain id), all descending. */
export interface CursorPosition {
  minedAt: number
  block: number
  txIndex: number
  chainId: number
}

/** What a cursor is bound to: a cursor minted for one query is refused by any other. */
export interface CursorScope {
  address: string
  /** An EVM chain id, a CAIP-2 id (Solana), or null for every chain. */
  chainId: number | string | null
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError'
  constructor() {
    super('The cursor is malformed, was altered, or belongs to a different query.')
  }
}

const VERSION = 'c1'
const MAC_BYTES = 16
const FIELD = /^(0|[1-9][0-9]{0,15})$/

function mac(secret: string, scope: CursorScope, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(`${scope.address.toLowerCase()}|${scope.chainId ?? '*'}|${body}`)
    .digest()
    .subarray(0, MAC_BYTES)
}

/**
 * Opaque keyset cursors: `base64url(body).base64url(hmac)`. The HMAC makes them tamper-evident,
 * so a forged or edited cursor is refused instead of silently paging from an arbitrary spot.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('The cursor secret must be at least 16 characters.')
  }

  /** Seals any text (e.g. a remote provider's continuation) into an opaque cursor. */
  seal(scope: CursorScope, body: string): string {
    const tag = mac(this.secret, scope, body).toString('base64url')
    return `${Buffer.from(body).toString('base64url')}.${tag}`
  }

  /** The sealed text; throws InvalidCursorError unless this codec sealed it for this scope. */
  open(scope: CursorScope, cursor: string): string {
    if (cursor.length > 4000 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(cursor))
      throw new InvalidCursorError()
    const [encodedBody, encodedMac] = cursor.split('.') as [string, string]
    const body = Buffer.from(encodedBody, 'base64url').toString('utf8')
    const given = Buffer.from(encodedMac, 'base64url')
    const expected = mac(this.secret, scope, body)
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new InvalidCursorError()
    return body
  }

  encode(scope: CursorScope, position: CursorPosition): string {
    const { minedAt, block, txIndex, chainId } = position
    return this.seal(scope, [VERSION, minedAt, block, txIndex, chainId].join(':'))
  }

  /** Throws InvalidCursorError on anything but a position cursor this codec minted for this scope. */
  decode(scope: CursorScope, cursor: string): CursorPosition {
    const parts = this.open(scope, cursor).split(':')
    if (parts.length !== 5 || parts[0] !== VERSION) throw new InvalidCursorError()
    const numbers = parts.slice(1).map((part) => {
      if (!FIELD.test(part)) throw new InvalidCursorError()
      const n = Number(part)
      if (!Number.isSafeInteger(n)) throw new InvalidCursorError()
      return n
    })
    const [minedAt, block, txIndex, chainId] = numbers as [number, number, number, number]
    return { minedAt, block, txIndex, chainId }
  }
}
