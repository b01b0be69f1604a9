import { chainNamespaces } from '../adapters/families.js'
import { LatchError } from '../errors/base.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from './types.js'

export class InvalidCaipIdError extends LatchError {
  override name = 'InvalidCaipIdError'
  constructor(value: string) {
    super(`Invalid CAIP id: ${value}`)
  }
}

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (chainNamespaces as readonly string[]).includes(value)
}

export function parseCaipNetworkId(value: string): {
  chainNamespace: ChainNamespace
  chainId: string
} {
  const index = value.indexOf(':')
  const chainNamespace = value.slice(0, index)
  const chainId = value.slice(index + 1)
  if (index < 1 || !chainId || chainId.includes(':') || !isChainNamespace(chainNamespace))
    throw new InvalidCaipIdError(value)
  return { chainNamespace, chainId }
}

export function formatCaipNetworkId(
  chainNamespace: ChainNamespace,
  chainId: string | number,
): CaipNetworkId {
  return `${chainNamespace}:${chainId}`
}

export function formatCaipAddress(
  chainNamespace: ChainNamespace,
  chainId: string | number,
  address: string,
): CaipAddress {
  return `${chainNamespace}:${chainId}:${address}`
}

export function parseCaipAddress(value: string): {
  chainNamespace: ChainNamespace
  chainId: string
  address: string
} {
  const [chainNamespace, chainId, address, ...rest] = value.split(':')
  if (!isChainNamespace(chainNamespace) || !chainId || !address || rest.length > 0)
    throw new InvalidCaipIdError(value)
  return { chainNamespace, chainId, address }
}

/** Finds a network by CAIP-2 id, or by the chain's own id within a namespace. */
export function findNetwork(
  networks: readonly CaipNetwork[],
  id: string | number,
  chainNamespace?: ChainNamespace,
): CaipNetwork | undefined {
  return networks.find(
    (network) =>
      network.caipNetworkId === id ||
      ((chainNamespace === undefined || network.chainNamespace === chainNamespace) &&
        String(network.id) === String(id)),
  )
}

export const UNKNOWN_NETWORK_NAME = 'Unknown Network'

/**
 * A network the wallet moved to that the app does not list. It is kept (so the UI can show
 * where the wallet is) but marked unsupported by the chain store.
 */
export function createUnknownNetwork(
  chainNamespace: ChainNamespace,
  chainId: string | number,
): CaipNetwork {
  return {
    id: chainId,
    caipNetworkId: formatCaipNetworkId(chainNamespace, chainId),
    chainNamespace,
    name: UNKNOWN_NETWORK_NAME,
    testnet: false,
    assets: { imageId: 'unknown' },
    nativeCurrency: { name: 'Unknown', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

/**
 * Points a network's RPC at a Latch server's JSON-RPC proxy, in the URL form of docs/behaviour.md#wire
 * `{rpc}/v1/?chainId={caipNetworkId}&projectId={projectId}`.
 */
export function withRpcProxy<network extends CaipNetwork>(
  network: network,
  rpcBaseUrl: string,
  projectId: string,
): network {
  const url = new URL('/v1/', rpcBaseUrl)
  url.searchParams.set('chainId', network.caipNetworkId)
  url.searchParams.set('projectId', projectId)
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [url.toString()] } } }
}
