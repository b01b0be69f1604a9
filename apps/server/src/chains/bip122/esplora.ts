import type { UpstreamRecorder } from '../../observability/metrics.js'
import { secondsSince } from '../../observability/metrics.js'

/**
 * A client of one Esplora-compatible REST (Blockstream's and mempool's APIs, electrs, the dev
 * node in scripts/bitcoin): every call bounded by a timeout, recorded in the upstream metrics
 * (as the RPC proxy's calls are), and failing with a typed error. Shapes are Esplora's own.
 */

export interface EsploraStatus {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}

export interface EsploraOutput {
  scriptpubkey: string
  scriptpubkey_type?: string
  scriptpubkey_address?: string
  value: number
}

export interface EsploraInput {
  txid: string
  vout: number
  prevout: EsploraOutput | null
  is_coinbase: boolean
}

export interface EsploraTx {
  txid: string
  vin: EsploraInput[]
  vout: EsploraOutput[]
  fee: number
  status: EsploraStatus
}

export interface EsploraStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export interface EsploraAddress {
  address: string
  chain_stats: EsploraStats
  mempool_stats: EsploraStats
}

/** The upstream did not answer, answered an HTTP error, or answered something unreadable. */
export class EsploraError extends Error {
  override name = 'EsploraError'
  constructor(
    message: string,
    /** The upstream's HTTP status, when it answered one. */
    readonly status?: number,
    /** The upstream's own text (e.g. a node's reason for refusing a transaction). */
    readonly body?: string,
  ) {
    super(message)
  }
}

/** The upstream answered 4xx: the request was refused (its text is the reason). */
export class EsploraRefusedError extends EsploraError {
  override name = 'EsploraRefusedError'
}

export interface EsploraAnswer {
  status: number
  text: string
  contentType: string | undefined
}

export interface EsploraClient {
  readonly chain: string
  readonly url: string
  /** Any answer the upstream gives, text; throws EsploraError only when it gave none. */
  raw(path: string, init?: { method?: 'GET' | 'POST'; body?: string }): Promise<EsploraAnswer>
  /** A 2xx answer read as JSON; EsploraRefusedError on 4xx, EsploraError otherwise. */
  json<T>(path: string): Promise<T>
}

/** Upstream answers larger than this are refused: a page of 50 large transactions is far less. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024

export function esploraClient(options: {
  chain: string
  url: string
  timeoutMs: number
  /** Read at each call: the routes plugin sets it once it has the app's metrics. */
  recorder: () => UpstreamRecorder
  fetch?: typeof fetch
}): EsploraClient {
  const doFetch = options.fetch ?? fetch
  // The metrics name a route, not an address or txid: labels must stay few.
  const routeOf = (path: string) =>
    path
      .replace(/^\/address\/[^/]+/, '/address/:address')
      .replace(/^\/tx\/[0-9a-f]{64}/, '/tx/:txid')
      .replace(/\/txs\/chain\/[0-9a-f]{64}$/, '/txs/chain/:last_seen')

  async function raw(
    path: string,
    init: { method?: 'GET' | 'POST'; body?: string } = {},
  ): Promise<EsploraAnswer> {
    const method = init.method ?? 'GET'
    const label = `${method} ${routeOf(path)}`
    const start = performance.now()
    try {
      const response = await doFetch(`${options.url}${path}`, {
        method,
        ...(init.body === undefined
          ? {}
          : { body: init.body, headers: { 'content-type': 'text/plain' } }),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      })
      const length = Number(response.headers.get('content-length') ?? 0)
      if (length > MAX_ANSWER_BYTES) {
        await response.body?.cancel()
        throw new EsploraError(`the upstream's answer is too large (${length} bytes)`)
      }
      const text = await response.text()
      if (text.length > MAX_ANSWER_BYTES)
        throw new EsploraError(`the upstream's answer is too large (${text.length} characters)`)
      options.recorder()(
        options.chain,
        label,
        response.status < 400 ? 'ok' : 'rpc_error',
        secondsSince(start),
      )
      return {
        status: response.status,
        text,
        contentType: response.headers.get('content-type') ?? undefined,
      }
    } catch (error) {
      options.recorder()(options.chain, label, 'failed', secondsSince(start))
      if (error instanceof EsploraError) throw error
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : 'unreachable'
      throw new EsploraError(`the Esplora upstream of ${options.chain} is ${reason}`)
    }
  }

  async function json<T>(path: string): Promise<T> {
    const answer = await raw(path)
    if (answer.status >= 400 && answer.status < 500)
      throw new EsploraRefusedError(
        `the Esplora upstream refused ${routeOf(path)} (${answer.status})`,
        answer.status,
        answer.text.slice(0, 500),
      )
    if (answer.status !== 200)
      throw new EsploraError(`the Esplora upstream answered ${answer.status}`, answer.status)
    try {
      return JSON.parse(answer.text) as T
    } catch {
      throw new EsploraError('the Esplora upstream answered something that is not JSON')
    }
  }

  return { chain: options.chain, url: options.url, raw, json }
}
