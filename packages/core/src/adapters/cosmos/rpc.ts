/**
 * CometBFT's JSON-RPC over fetch: the few calls a wallet connection makes (abci_query,
 * broadcast_tx_sync, tx). Written here rather than taken from @cosmjs/tendermint-rpc, which is
 * CommonJS and brings three client versions, a websocket stack and xstream (~115 KiB minified).
 */
import { LatchError } from '../../errors/base.js'

/** The node did not answer, or answered a JSON-RPC error. */
export class CosmosRpcError extends LatchError {
  override name = 'CosmosRpcError'
  constructor(
    message: string,
    readonly code?: number | undefined,
    options: { cause?: unknown } = {},
  ) {
    super(`The Cosmos node could not answer: ${message}`, { ...options, category: 'RPC_ERROR' })
  }
}

/** An ABCI query the application refused: `code` and `log` are the SDK's. */
export class CosmosQueryError extends LatchError {
  override name = 'CosmosQueryError'
  constructor(
    readonly code: number,
    readonly log: string,
  ) {
    super(`The node refused the query: ${log}`, { category: 'RPC_ERROR' })
  }
}

export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
export const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

export interface CometRpc {
  call<result>(method: string, params: Record<string, unknown>): Promise<result>
  /** An ABCI query at the latest height; resolves with the response's bytes. */
  abciQuery(path: string, data: Uint8Array): Promise<Uint8Array>
}

let nextId = 1

export function createCometRpc(url: string, fetchImpl: typeof fetch = fetch): CometRpc {
  async function call<result>(method: string, params: Record<string, unknown>): Promise<result> {
    let body: { result?: result; error?: { code: number; message: string; data?: string } }
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      })
      body = (await response.json()) as typeof body
    } catch (cause) {
      throw new CosmosRpcError(`${method} failed`, undefined, { cause })
    }
    if (body.error)
      throw new CosmosRpcError(
        [body.error.message, body.error.data].filter(Boolean).join(': '),
        body.error.code,
      )
    if (body.result === undefined) throw new CosmosRpcError(`${method} answered no result`)
    return body.result
  }
  return {
    call,
    async abciQuery(path, data) {
      const { response } = await call<{
        response: { code?: number; log?: string; value?: string | null }
      }>('abci_query', { path, data: toHex(data), prove: false })
      if (response.code) throw new CosmosQueryError(response.code, response.log ?? '')
      return fromBase64(response.value ?? '')
    },
  }
}
