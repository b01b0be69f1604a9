import { HttpError } from '../../http/errors.js'
import type { UpstreamRecorder } from '../../observability/metrics.js'
import type { CosmosConfig } from './config.js'
import {
  COSMOS,
  COSMOS_NETWORKS,
  type CosmosNetwork,
  networkOf,
  type ParsedAddress,
  parseCosmosAddress,
} from './networks.js'
import { type CosmosNodeClient, CosmosNodeError, cosmosNodeClient } from './node.js'

/**
 * The configured nodes (LATCH_COSMOS_NODES) and the checks every Cosmos route makes first: the
 * chain is served here, the address is a valid bech32 account with that chain's prefix.
 */
export interface CosmosChains {
  readonly ids: readonly string[]
  /** The chain's client; 400 UNSUPPORTED_CHAIN when it is not served here. */
  clientOf(chainId: string): CosmosNodeClient
  networkOf(chainId: string): CosmosNetwork
  /** The chain of a query: the one named, else the first served whose prefix the address has. */
  chainFor(address: string, chainId: string | undefined): string
  /** 400 INVALID_ADDRESS, saying which prefix the chain's accounts have. */
  address(address: string, chainId: string): ParsedAddress
  setRecorder(recorder: UpstreamRecorder): void
}

export const unsupportedChain = (chainId: string) =>
  new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${chainId.slice(0, 80)} is not served here`)

/** An upstream failure as the API answers it; its details stay in the log. */
export function upstreamFailure(chain: string, error: unknown): never {
  if (error instanceof CosmosNodeError)
    throw new HttpError(502, 'UPSTREAM_ERROR', `The Cosmos node of ${chain} did not answer`)
  throw error
}

export function cosmosChains(config: CosmosConfig, fetchImpl?: typeof fetch): CosmosChains {
  let recorder: UpstreamRecorder = () => {}
  const clients = new Map(
    config.chains.map((chain) => [
      chain.caip2,
      cosmosNodeClient({
        chain: chain.caip2,
        rpcUrl: chain.rpcUrl,
        restUrl: chain.restUrl,
        timeoutMs: config.timeoutMs,
        recorder: () => recorder,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      }),
    ]),
  )
  const served = (chainId: string) => {
    const network = clients.has(chainId) ? networkOf(chainId) : undefined
    if (!network) throw unsupportedChain(chainId)
    return network
  }
  return {
    ids: config.chains.map((chain) => chain.caip2),
    clientOf(chainId) {
      served(chainId)
      return clients.get(chainId) as CosmosNodeClient
    },
    networkOf: served,
    chainFor(address, chainId) {
      if (chainId) return chainId
      const parsed = parseCosmosAddress(address)
      const chain = config.chains.find((c) => networkOf(c.caip2)?.prefix === parsed?.prefix)
      if (!chain) throw new HttpError(400, 'INVALID_ADDRESS', 'Invalid Cosmos address')
      return chain.caip2
    },
    address(address, chainId) {
      const network = served(chainId)
      const parsed = parseCosmosAddress(address)
      if (parsed?.prefix === network.prefix) return parsed
      const other = parsed && COSMOS_NETWORKS.find((n) => n.prefix === parsed.prefix)
      throw new HttpError(
        400,
        'INVALID_ADDRESS',
        parsed
          ? `${address} is an address of ${other ? other.name : `prefix ${parsed.prefix}`}, not of ${network.name} (${chainId}, prefix ${network.prefix})`
          : `Invalid Cosmos address for ${network.name} (${chainId}): not bech32 with a valid checksum`,
      )
    },
    setRecorder(next) {
      recorder = next
    },
  }
}

export const isCosmosChainId = (chainId: string | undefined) =>
  chainId?.startsWith(`${COSMOS}:`) === true
