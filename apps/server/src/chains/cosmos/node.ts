import type { UpstreamRecorder } from '../../observability/metrics.js'
import { secondsSince } from '../../observability/metrics.js'

/**
 * A client of one Cosmos node: the SDK's REST (LCD) for reads and CometBFT's JSON-RPC for what
 * only it tells (a transaction's index in its block, the latest height). Every call is bounded by
 * a timeout, recorded in the upstream metrics and fails with a typed error. Shapes are SDK 0.50's.
 */

export interface Coin {
  denom: string
  amount: string
}

export interface RestEvent {
  type: string
  attributes: { key: string; value: string }[]
}

/** `cosmos.tx.v1beta1.Tx` as grpc-gateway writes it; only what history reads. */
export interface RestTx {
  body: { messages: ({ '@type': string } & Record<string, unknown>)[]; memo: string }
  auth_info: {
    signer_infos: { sequence: string }[]
    fee: { amount: Coin[]; payer?: string; granter?: string }
  }
}

export interface RestTxResponse {
  height: string
  txhash: string
  code: number
  codespace?: string
  raw_log?: string
  timestamp: string
  events: RestEvent[]
}

export interface RestTxs {
  txs: RestTx[]
  tx_responses: RestTxResponse[]
  total: string
}

/** The node did not answer, answered an HTTP or JSON-RPC error, or something unreadable. */
export class CosmosNodeError extends Error {
  override name = 'CosmosNodeError'
  constructor(
    message: string,
    /** The node's HTTP status, when it answered one. */
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface CosmosNodeClient {
  readonly chain: string
  readonly rpcUrl: string
  readonly restUrl: string
  /** A 2xx REST answer read as JSON; CosmosNodeError otherwise. */
  rest<T>(path: string): Promise<T>
  /** A JSON-RPC call's result; CosmosNodeError on an error answer. */
  rpc<T>(method: string, params: Record<string, unknown>): Promise<T>
}

const MAX_ANSWER_CHARACTERS = 16 * 1024 * 1024

/** fetch's failure when the connection was reset or closed before an answer came. */
function wasReset(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause
  return (
    error instanceof TypeError &&
    (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'EPIPE')
  )
}

export function cosmosNodeClient(options: {
  chain: string
  rpcUrl: string
  restUrl: string
  timeoutMs: number
  /** Read at each call: the routes plugin sets it once it has the app's metrics. */
  recorder: () => UpstreamRecorder
  fetch?: typeof fetch
}): CosmosNodeClient {
  const doFetch = options.fetch ?? fetch
  // The metrics name a route, never an address or a query: labels must stay few.
  const routeOf = (path: string) =>
    path
      .replace(/\?.*$/, '')
      .replace(/\/(balances|accounts|account_info)\/[^/]+/, '/$1/:address')
      .replace(/\/txs\/[0-9A-Fa-f]{64}$/, '/txs/:hash')

  /** The JSON answer; a non-200 one only when `anyStatus` (JSON-RPC errors may come as 500). */
  async function call(
    url: string,
    label: string,
    init: RequestInit,
    anyStatus = false,
  ): Promise<unknown> {
    const start = performance.now()
    let status = 0
    try {
      const attempt = () =>
        doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' })
      // Every call is a read: one that met a kept-alive connection the node had just closed
      // (reset before any answer) is sent once more, on a new connection.
      const response = await attempt().catch((error: unknown) => {
        if (!wasReset(error)) throw error
        return attempt()
      })
      status = response.status
      const text = await response.text()
      if (text.length > MAX_ANSWER_CHARACTERS)
        throw new CosmosNodeError(`the node's answer is too large (${text.length} characters)`)
      options.recorder()(
        options.chain,
        label,
        status < 400 ? 'ok' : 'rpc_error',
        secondsSince(start),
      )
      if (status !== 200 && !anyStatus)
        throw new CosmosNodeError(`the node answered ${status} to ${label}`, status)
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw new CosmosNodeError(`the node answered ${label} with something that is not JSON`)
      }
    } catch (error) {
      if (error instanceof CosmosNodeError) throw error
      options.recorder()(options.chain, label, 'failed', secondsSince(start))
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : 'unreachable'
      throw new CosmosNodeError(`the node of ${options.chain} is ${reason}`)
    }
  }

  return {
    chain: options.chain,
    rpcUrl: options.rpcUrl,
    restUrl: options.restUrl,
    rest: async <T>(path: string) =>
      (await call(`${options.restUrl}${path}`, `GET ${routeOf(path)}`, { method: 'GET' })) as T,
    async rpc<T>(method: string, params: Record<string, unknown>) {
      const answer = (await call(
        options.rpcUrl,
        method,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        },
        true,
      )) as { result?: T; error?: { message?: string; data?: string } }
      if (answer.error || answer.result === undefined)
        throw new CosmosNodeError(
          `the node refused ${method}: ${String(answer.error?.data ?? answer.error?.message ?? 'no result').slice(0, 200)}`,
        )
      return answer.result
    },
  }
}
