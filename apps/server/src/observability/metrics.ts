import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * The server's Prometheus instruments (docs/deployment.md#metrics-and-probes). One registry per
 * app, never prom-client's global one, so two apps in one process (tests) keep their own counts.
 * Every label takes values from a bounded set: route patterns, chains and methods from the
 * configuration and allow-lists, error codes from our own classes; never a URL or an address.
 */
export interface LatchMetrics {
  registry: Registry
  /** Seconds per request, by method, route pattern (`unmatched` for 404s) and status class. */
  requestDuration: Histogram<'method' | 'route' | 'status_class'>
  /** 429 answers by route pattern and error code (RATE_LIMITED, PROJECT_BUDGET_EXHAUSTED, …). */
  rateLimited: Counter<'route' | 'code'>
  /** Completed sign-ins (a session issued) by method: email, social, farcaster, siwx. */
  signIns: Counter<'method'>
  /** Seconds per call the RPC proxy forwards, by chain (CAIP-2) and outcome. */
  upstreamDuration: Histogram<'chain' | 'outcome'>
  /** Forwarded calls the upstream never answered (unreachable, timeout, HTTP error after retries). */
  upstreamErrors: Counter<'chain' | 'method'>
}

/** ok: a result; rpc_error: the node answered an error (a revert); failed: no usable answer. */
export type UpstreamOutcome = 'ok' | 'rpc_error' | 'failed'

// Request latencies: a cached read is a few ms, a proxied eth_getLogs may take seconds.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics(options: { processMetrics?: boolean } = {}): LatchMetrics {
  const registry = new Registry()
  const registers = [registry]
  // Only on a server that exposes them: each call starts an event-loop monitor for good.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'latch_' })
  return {
    registry,
    requestDuration: new Histogram({
      name: 'latch_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    rateLimited: new Counter({
      name: 'latch_rate_limited_total',
      help: 'Requests refused with 429, by route pattern and error code',
      labelNames: ['route', 'code'],
      registers,
    }),
    signIns: new Counter({
      name: 'latch_sign_ins_total',
      help: 'Completed sign-ins (a session issued), by method',
      labelNames: ['method'],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'latch_rpc_upstream_duration_seconds',
      help: 'Latency of calls the JSON-RPC proxy forwards, by chain and outcome',
      labelNames: ['chain', 'outcome'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'latch_rpc_upstream_errors_total',
      help: 'Forwarded JSON-RPC calls the upstream did not answer, by chain and method',
      labelNames: ['chain', 'method'],
      registers,
    }),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus instruments (observability/metrics.ts). */
    metrics: LatchMetrics
  }
}

/** Records one forwarded call: `chain` in CAIP-2, `method` from the proxy's allow-list. */
export type UpstreamRecorder = (
  chain: string,
  method: string,
  outcome: UpstreamOutcome,
  seconds: number,
) => void

/**
 * The RPC proxy's way to count its upstream calls; a no-op on an app built without metrics
 * (a route test on a bare Fastify).
 */
export function upstreamRecorder(app: FastifyInstance): UpstreamRecorder {
  if (!app.hasDecorator('metrics')) return () => {}
  const { upstreamDuration, upstreamErrors } = app.metrics
  return (chain, method, outcome, seconds) => {
    upstreamDuration.observe({ chain, outcome }, seconds)
    if (outcome === 'failed') upstreamErrors.inc({ chain, method })
  }
}

/** Seconds since `start` (a `performance.now()` reading). */
export const secondsSince = (start: number) => (performance.now() - start) / 1000
