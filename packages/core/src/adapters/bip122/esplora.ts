/**
 * The few Esplora routes the adapter reads (docs/bitcoin-node.md#the-rest): one client for the dev
 * node, Latch's server (`/v1/esplora/<caip2>?projectId=…`) and public Esploras alike. The base is
 * the network's `rpcUrls.default.http[0]`; paths are appended and its query string kept.
 */
import type { CaipNetwork } from '../../networks/types.js'
import { BitcoinBroadcastError } from './errors.js'

export interface EsploraStats {
  funded_txo_sum: number
  spent_txo_sum: number
  tx_count: number
}
export interface EsploraAddress {
  address: string
  chain_stats: EsploraStats
  mempool_stats: EsploraStats
}
export interface EsploraStatus {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}
export interface EsploraUtxo {
  txid: string
  vout: number
  /** Satoshis. */
  value: number
  status: EsploraStatus
}

/** An Esplora answer other than success; `reason` is the server's own text. */
export class EsploraError extends Error {
  override name = 'EsploraError'
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly path: string,
  ) {
    super(`Bitcoin API ${path}: ${status} ${reason}`.trim())
  }
}

export interface EsploraClient {
  address(address: string): Promise<EsploraAddress>
  utxos(address: string): Promise<EsploraUtxo[]>
  /** Blocks → sat/vB, as the server estimates. */
  feeEstimates(): Promise<Record<string, number>>
  /** Resolves with the txid, or rejects with a BitcoinBroadcastError carrying the node's reason. */
  broadcast(hex: string): Promise<string>
  txStatus(txid: string): Promise<EsploraStatus>
}

/** `base` + `path`, the base's query string (a project id) kept. */
export function esploraUrl(base: string, path: string): string {
  const url = new URL(base)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`
  return url.toString()
}

// Esplora's own errors are plain text, sometimes prefixed by the RPC that failed.
const RPC_PREFIX = /^sendrawtransaction RPC error:\s*/

export function createEsploraClient(
  base: string,
  fetcher: typeof fetch = (...args) => fetch(...args),
): EsploraClient {
  async function call(path: string, init?: RequestInit): Promise<string> {
    const response = await fetcher(esploraUrl(base, path), init)
    const text = await response.text()
    if (!response.ok) throw new EsploraError(response.status, text, path)
    return text
  }
  const json = async <T>(path: string) => JSON.parse(await call(path)) as T
  const segment = encodeURIComponent
  return {
    address: (address) => json(`/address/${segment(address)}`),
    utxos: (address) => json(`/address/${segment(address)}/utxo`),
    feeEstimates: () => json('/fee-estimates'),
    async broadcast(hex) {
      try {
        return (await call('/tx', { method: 'POST', body: hex })).trim()
      } catch (error) {
        if (error instanceof EsploraError && error.status === 400)
          throw new BitcoinBroadcastError(error.reason.replace(RPC_PREFIX, '').trim())
        throw error
      }
    },
    txStatus: (txid) => json(`/tx/${segment(txid)}/status`),
  }
}

/** The Esplora base of a network; every Bitcoin network of Latch's has one. */
export function esploraBase(network: CaipNetwork): string {
  const base = network.rpcUrls.default.http[0]
  if (!base) throw new Error(`${network.name} has no Bitcoin API URL`)
  return base
}
