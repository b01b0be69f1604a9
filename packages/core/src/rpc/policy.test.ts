import { HttpRequestError, InternalRpcError, LimitExceededRpcError, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { isRetryable, retryAfterMs, retryDelayMs, rpcPolicy } from './policy.js'

const httpError = (status?: number, headers: Record<string, string> = {}) =>
  new HttpRequestError({ url: 'http://127.0.0.1', status, headers: new Headers(headers) })

describe('rpc policy', () => {
  it('has the constants of docs/behaviour.md#json-rpc-policy', () => {
    expect(rpcPolicy).toMatchObject({
      attempts: 3,
      baseDelayMs: 150,
      timeoutMs: 10_000,
      batchSize: 1000,
      dedupeCacheSize: 8192,
    })
  })

  it('retries exactly the set of docs/behaviour.md#json-rpc-policy', () => {
    for (const status of [403, 408, 413, 429, 500, 502, 503, 504])
      expect(isRetryable(httpError(status))).toBe(true)
    for (const status of [400, 401, 404, 501]) expect(isRetryable(httpError(status))).toBe(false)
    expect(isRetryable(httpError())).toBe(false)
    expect(isRetryable({ code: -1 })).toBe(true)
    expect(isRetryable(new LimitExceededRpcError(new Error('x')))).toBe(true)
    expect(isRetryable(new InternalRpcError(new Error('x')))).toBe(true)
    expect(isRetryable({ code: -32000 })).toBe(false)
    expect(isRetryable({ code: 429 })).toBe(false)
    expect(isRetryable(new TimeoutError({ body: {}, url: 'x' }))).toBe(false)
    expect(isRetryable(new SyntaxError('bad json'))).toBe(false)
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs(httpError(429, { 'Retry-After': '2' }))).toBe(2000)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(
      retryAfterMs(httpError(429, { 'Retry-After': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now),
    ).toBe(3000)
    expect(retryAfterMs(httpError(429, { 'Retry-After': 'soon' }))).toBeUndefined()
    expect(retryAfterMs(httpError(429))).toBeUndefined()
  })

  it('backs off from 150 ms, doubling, unless told otherwise', () => {
    expect(retryDelayMs(0, httpError(503), 150)).toBe(150)
    expect(retryDelayMs(1, httpError(503), 150)).toBe(300)
    expect(retryDelayMs(1, httpError(429, { 'Retry-After': '1' }), 150)).toBe(1000)
  })
})
