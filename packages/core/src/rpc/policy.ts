import { HttpRequestError, InternalRpcError, LimitExceededRpcError } from 'viem'

/** docs/behaviour.md#wire, #limits: the one JSON-RPC policy every call Latch makes goes through. */
export const rpcPolicy = {
  attempts: 3,
  baseDelayMs: 150,
  timeoutMs: 10_000,
  batchSize: 1000,
  dedupeCacheSize: 8192,
  /** A Retry-After longer than this fails the call instead of stalling the app behind it. */
  maxRetryAfterMs: 10_000,
  retryRpcCodes: [-1, LimitExceededRpcError.code, InternalRpcError.code] as readonly number[],
  retryHttpStatuses: [403, 408, 413, 429, 500, 502, 503, 504] as readonly number[],
} as const

/**
 * True only for the retry set of docs/behaviour.md#json-rpc-policy: JSON-RPC codes -1, limit exceeded (-32005) and internal
 * (-32603), and HTTP 403, 408, 413, 429, 500, 502, 503, 504. Nothing else is retried: not
 * timeouts, not malformed responses, not unreachable hosts, not other JSON-RPC errors.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpRequestError)
    return error.status !== undefined && rpcPolicy.retryHttpStatuses.includes(error.status)
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'number' && rpcPolicy.retryRpcCodes.includes(code)
}

/**
 * The wait a Retry-After header asks for, in ms: delta-seconds or an HTTP date. Undefined when
 * there is no usable header.
 */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | undefined {
  if (!(error instanceof HttpRequestError)) return undefined
  const header = error.headers?.get('Retry-After')?.trim()
  if (!header) return undefined
  if (/^\d+(\.\d+)?$/.test(header)) return Math.ceil(Number(header) * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Exponential backoff: 150 ms, 300 ms, … unless the server said when to come back. */
export function retryDelayMs(count: number, error: unknown, baseDelayMs: number): number {
  return retryAfterMs(error) ?? ~~(1 << count) * baseDelayMs
}
