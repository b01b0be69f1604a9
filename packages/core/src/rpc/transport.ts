import {
  createTransport,
  type HttpTransportConfig,
  http,
  stringify,
  type Transport,
  withRetry,
} from 'viem'
import { isRetryable, retryAfterMs, retryDelayMs, rpcPolicy } from './policy.js'

export interface LatchTransportConfig
  extends Pick<
    HttpTransportConfig,
    'fetchFn' | 'fetchOptions' | 'onFetchRequest' | 'onFetchResponse'
  > {
  /** Attempts per request, first one included. Default 3. */
  attempts?: number | undefined
  /** First retry delay; doubles on each retry. Default 150 ms. */
  retryDelay?: number | undefined
  /** Per-attempt timeout. Default 10 s. */
  timeout?: number | undefined
  /** Largest JSON-RPC batch; false sends one request per call. Default 1000. */
  batchSize?: number | false | undefined
  /** How many distinct in-flight requests are tracked for dedupe. Default 8192. */
  dedupeCacheSize?: number | undefined
  maxRetryAfterMs?: number | undefined
}

/**
 * A viem transport carrying Latch's RPC policy (docs/behaviour.md#wire, #limits). viem's `http()` does the HTTP,
 * batching and timeout; this adds what it cannot be told: the exact retry set, Retry-After as
 * either seconds or a date, and dedupe of identical in-flight requests for every method.
 */
export function latchTransport(url: string, config: LatchTransportConfig = {}): Transport<'http'> {
  const {
    attempts = rpcPolicy.attempts,
    retryDelay = rpcPolicy.baseDelayMs,
    timeout = rpcPolicy.timeoutMs,
    batchSize = rpcPolicy.batchSize,
    dedupeCacheSize = rpcPolicy.dedupeCacheSize,
    maxRetryAfterMs = rpcPolicy.maxRetryAfterMs,
    ...httpConfig
  } = config
  return (parameters) => {
    const base = http(url, {
      ...httpConfig,
      batch: batchSize === false ? false : { batchSize },
      // Retries happen here, so viem's own (broader) retry set must not run as well.
      retryCount: 0,
      timeout,
    })({ ...parameters, retryCount: 0, timeout })
    const inFlight = new Map<string, Promise<unknown>>()

    const send = (args: { method: string; params?: unknown }, options?: { signal?: AbortSignal }) =>
      withRetry(() => base.request(args as never, options as never), {
        retryCount: attempts - 1,
        delay: ({ count, error }) => retryDelayMs(count, error, retryDelay),
        shouldRetry: ({ error }) =>
          isRetryable(error) && (retryAfterMs(error) ?? 0) <= maxRetryAfterMs,
        signal: options?.signal,
      })

    const request = ((
      args: { method: string; params?: unknown },
      options?: { signal?: AbortSignal },
    ) => {
      // A caller's abort signal is its own; such requests are never shared.
      if (options?.signal) return send(args, options)
      const key = stringify([args.method, args.params ?? null])
      const existing = inFlight.get(key)
      if (existing) return existing
      if (inFlight.size >= dedupeCacheSize) {
        const oldest = inFlight.keys().next().value
        if (oldest !== undefined) inFlight.delete(oldest)
      }
      const promise = send(args).finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key)
      })
      inFlight.set(key, promise)
      return promise
    }) as typeof base.request

    return createTransport(
      {
        key: 'latch',
        name: 'Latch JSON-RPC',
        request,
        retryCount: 0,
        retryDelay,
        timeout,
        type: 'http',
      },
      base.value,
    )
  }
}
