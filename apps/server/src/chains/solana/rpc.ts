import { randomBytes } from 'node:crypto'
import { isRetryable, retryDelayMs, rpcPolicy } from '@latch/core'
import { rpcMethodNames, SOLANA_RPC_METHODS } from '@latch/core/rpc-methods'
import {
  createDefaultRpcTransport,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit'
import { HttpRequestError } from 'viem'
import { HttpError } from '../../http/errors.js'
import { secondsSince } from '../../observability/metrics.js'
import type { RpcAnswer, RpcCall, RpcContext, RpcUpstream, RpcUpstreams } from '../types.js'
import { SOLANA_CAIP2, type SolanaCluster } from './config.js'

/**
 * Solana methods the proxy forwards (docs/embedded-wallet.md#solana-through-the-servers-proxy):
 * core's reads of the namespace (@latch/core/rpc-methods), sendTransaction included (already
 * signed, so it carries no authority of ours). Airdrops, whole-program scans and history reads
 * are not declared there, so they do not pass.
 */
export const SOLANA_PROXIED_METHODS: ReadonlySet<string> = new Set(
  rpcMethodNames(SOLANA_RPC_METHODS, (method) => method.kind === 'read'),
)

/** Calls that make a cluster work (and bill) more than one unit (auth/rpc-limits.ts). */
export const SOLANA_CALL_WEIGHTS: Readonly<Record<string, number>> = {
  simulateTransaction: 5,
  getTokenAccountsByOwner: 5,
}

type SolanaCall = RpcCall
type SolanaAnswer = RpcAnswer

interface UpstreamResponse {
  result?: unknown
  error?: { code?: unknown; message?: unknown; data?: unknown }
}

const answerError = (id: SolanaCall['id'], code: number, message: string): SolanaAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

// Solana answers carry u64 values (lamports, slots) beyond 2^53: the upstream's JSON is read with
// bigints (@solana/kit's transport) and written back here digit for digit. The marker is random so
// no string an upstream sends can pass for one.
const MARK = randomBytes(8).toString('hex')
const BIGINT_TEXT = new RegExp(`"${MARK}(-?\\d+)${MARK}"`, 'g')

/** JSON in which bigints are plain numbers at full precision, as a validator writes them. */
export function solanaJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? `${MARK}${v}${MARK}` : v,
  ).replace(BIGINT_TEXT, '$1')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** An upstream's HTTP failure in the form the core RPC policy reads (status, Retry-After). */
function asHttpFailure(error: unknown): HttpRequestError | undefined {
  if (!isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) return undefined
  return new HttpRequestError({
    status: error.context.statusCode,
    headers: error.context.headers,
    url: 'solana upstream',
  })
}

/**
 * One call with the core RPC policy (docs/behaviour.md#json-rpc-policy): up to 3 attempts, 150 ms
 * doubling or the upstream's Retry-After, each attempt bounded by the policy's timeout. Only the
 * policy's retry set is retried; a node's answer such as a preflight failure is final.
 */
async function withPolicy(
  transport: RpcTransport,
  payload: Record<string, unknown>,
): Promise<UpstreamResponse> {
  for (let attempt = 1; ; attempt++) {
    let failure: unknown
    try {
      const response = await transport<UpstreamResponse>({
        payload,
        signal: AbortSignal.timeout(rpcPolicy.timeoutMs),
      })
      if (typeof response !== 'object' || response === null)
        throw new Error('the upstream answered something that is not JSON-RPC')
      const code = Number(response.error?.code)
      if (!response.error || !isRetryable({ code }) || attempt >= rpcPolicy.attempts)
        return response
      failure = { code }
    } catch (error) {
      const http = asHttpFailure(error)
      if (!http || !isRetryable(http) || attempt >= rpcPolicy.attempts) throw error
      failure = http
    }
    const wait = retryDelayMs(attempt - 1, failure, rpcPolicy.baseDelayMs)
    if (wait > rpcPolicy.maxRetryAfterMs) throw new Error(`the upstream asked to wait ${wait} ms`)
    await sleep(wait)
  }
}

/**
 * The proxy's Solana clusters (LATCH_SOLANA_CLUSTERS, the ones whose history the server reads).
 * `upstreamOf` answers undefined for a cluster that is not configured; an upstream whose genesis
 * hash is not the cluster's is refused (502), as an EVM node serving another chain is.
 */
export function solanaUpstreams(
  clusters: readonly SolanaCluster[],
  context: Pick<RpcContext, 'log' | 'record'>,
): RpcUpstreams {
  const { log, record } = context
  const urls = new Map(clusters.map((c) => [c.caip2, c.rpcUrl]))
  const transports = new Map<string, RpcTransport>()
  const verified = new Map<string, Promise<boolean>>()
  let nextId = 0

  const upstreamOf = async (caip2: string): Promise<RpcUpstream | undefined> => {
    const url = urls.get(caip2)
    if (!url) return undefined
    let transport = transports.get(caip2)
    if (!transport) {
      transport = createDefaultRpcTransport({ url: url as never }) as RpcTransport
      transports.set(caip2, transport)
    }
    const t = transport
    let check = verified.get(caip2)
    if (!check) {
      check = (async () => {
        const answer = await withPolicy(t, {
          jsonrpc: '2.0',
          id: ++nextId,
          method: 'getGenesisHash',
          params: [],
        })
        // CAIP-2 names a Solana cluster by the first 32 characters of its genesis hash.
        return typeof answer.result === 'string' && `solana:${answer.result.slice(0, 32)}` === caip2
      })()
      verified.set(caip2, check)
      // A node that was down is asked again next time rather than judged forever.
      check.catch(() => verified.delete(caip2))
    }
    if (!(await check.catch(() => true))) {
      log.error({ chainId: caip2 }, 'the RPC upstream configured for this cluster serves another')
      throw new HttpError(502, 'UPSTREAM_ERROR', `The upstream of ${caip2} is not available`)
    }
    return {
      // Written here, not by the route's serializer: u64 values keep every digit.
      serialize: solanaJson,
      async call(body, requestLog) {
        if (!SOLANA_PROXIED_METHODS.has(body.method))
          return answerError(body.id, -32601, 'Method not available through this proxy')
        let response: UpstreamResponse
        const start = performance.now()
        try {
          response = await withPolicy(t, {
            jsonrpc: '2.0',
            id: ++nextId,
            method: body.method,
            params: body.params ?? [],
          })
          record(caip2, body.method, response.error ? 'rpc_error' : 'ok', secondsSince(start))
        } catch (error) {
          record(caip2, body.method, 'failed', secondsSince(start))
          // Transport failures may quote the upstream URL with its key: they stay in the log.
          requestLog.warn({ err: error, chainId: caip2 }, 'upstream call failed')
          return answerError(body.id, -32603, 'Upstream request failed')
        }
        if (response.error) {
          const { code, message, data } = response.error
          // The node's own answer (a preflight failure, bad params) reaches the caller whole:
          // @solana/kit on the page reads the simulation's error and logs from `data`.
          return {
            jsonrpc: '2.0',
            id: body.id,
            error: {
              code: Number.isSafeInteger(Number(code)) ? Number(code) : -32603,
              message: typeof message === 'string' ? message : 'Upstream error',
              ...(data === undefined ? {} : { data }),
            },
          }
        }
        return { jsonrpc: '2.0', id: body.id, result: response.result ?? null }
      },
    }
  }
  return {
    methods: SOLANA_PROXIED_METHODS,
    docs: `For a Solana cluster (chainId solana:…, LATCH_SOLANA_CLUSTERS): ${[...SOLANA_PROXIED_METHODS].join(', ')}.`,
    weights: SOLANA_CALL_WEIGHTS,
    recognises: (chainId) => SOLANA_CAIP2.test(chainId),
    upstreamOf,
  }
}
