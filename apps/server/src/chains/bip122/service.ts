import { HttpError } from '../../http/errors.js'
import type { UpstreamRecorder } from '../../observability/metrics.js'
import type { BitcoinConfig } from './config.js'
import { type EsploraClient, EsploraError, esploraClient } from './esplora.js'
import {
  BIP122,
  type BitcoinNetwork,
  networkOf,
  networkOfAddress,
  type ParsedAddress,
  parseAddress,
} from './networks.js'

/**
 * The configured Esplora upstreams (LATCH_BITCOIN_ESPLORA) and the checks every Bitcoin route
 * makes first: the chain is served here, the address is one of its network's.
 */
export interface BitcoinChains {
  readonly ids: readonly string[]
  /** The chain's client; 400 UNSUPPORTED_CHAIN when it is not served here. */
  clientOf(chainId: string): EsploraClient
  /** The chain of a query: the one named, else the first whose network the address is of. */
  chainFor(address: string, chainId: string | undefined): string
  /** 400 INVALID_ADDRESS, saying which network an address of another one is of. */
  address(address: string, chainId: string): ParsedAddress
  /** Upstream calls are counted in the app's metrics once the routes plugin hands them over. */
  setRecorder(recorder: UpstreamRecorder): void
}

export const unsupportedChain = (chainId: string) =>
  new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${chainId.slice(0, 80)} is not served here`)

/** An upstream failure as the API answers it; its details stay in the log. */
export function upstreamFailure(chain: string, error: unknown): never {
  if (error instanceof EsploraError)
    throw new HttpError(502, 'UPSTREAM_ERROR', `The Esplora upstream of ${chain} did not answer`)
  throw error
}

export function bitcoinChains(config: BitcoinConfig, fetchImpl?: typeof fetch): BitcoinChains {
  let recorder: UpstreamRecorder = () => {}
  const clients = new Map(
    config.chains.map((chain) => [
      chain.caip2,
      esploraClient({
        chain: chain.caip2,
        url: chain.url,
        timeoutMs: config.timeoutMs,
        recorder: () => recorder,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      }),
    ]),
  )
  const networks = new Map(
    config.chains.map((chain) => [chain.caip2, networkOf(chain.caip2) as BitcoinNetwork]),
  )
  return {
    ids: config.chains.map((chain) => chain.caip2),
    clientOf(chainId) {
      const client = clients.get(chainId)
      if (!client) throw unsupportedChain(chainId)
      return client
    },
    chainFor(address, chainId) {
      if (chainId) return chainId
      for (const [caip2, network] of networks) if (parseAddress(address, network)) return caip2
      throw new HttpError(400, 'INVALID_ADDRESS', 'Invalid Bitcoin address')
    },
    address(address, chainId) {
      const network = networks.get(chainId)
      if (!network) throw unsupportedChain(chainId)
      const parsed = parseAddress(address, network)
      if (parsed) return parsed
      const other = networkOfAddress(address)
      throw new HttpError(
        400,
        'INVALID_ADDRESS',
        other
          ? `${address} is an address of ${other.name}, not of ${network.name} (${chainId})`
          : `Invalid Bitcoin address for ${network.name} (${chainId})`,
      )
    },
    setRecorder(next) {
      recorder = next
    },
  }
}

export const isBitcoinChainId = (chainId: string | undefined) =>
  chainId?.startsWith(`${BIP122}:`) === true
