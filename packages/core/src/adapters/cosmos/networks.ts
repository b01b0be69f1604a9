import type { CaipNetwork } from '../../networks/types.js'

// Plain data: the adapter (`@latch/core/cosmos`) reads a chain through CometBFT's RPC at
// `rpcUrls.default.http[0]`; wallets are told the SDK REST at `rpcUrls.rest.http[0]` when a chain
// must be suggested to them (docs/cosmos.md).

/** A Cosmos SDK chain: its CometBFT RPC as the default URL, and its REST (LCD). */
export interface CosmosNetwork extends CaipNetwork {
  chainNamespace: 'cosmos'
  rpcUrls: CaipNetwork['rpcUrls'] & { rest: { http: readonly string[] } }
}

export const cosmosHubNetwork: CosmosNetwork = {
  id: 'cosmoshub-4',
  caipNetworkId: 'cosmos:cosmoshub-4',
  chainNamespace: 'cosmos',
  name: 'Cosmos Hub',
  testnet: false,
  assets: { imageId: 'cosmos' },
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  rpcUrls: {
    default: { http: ['https://cosmos-rpc.publicnode.com'] },
    rest: { http: ['https://cosmos-rest.publicnode.com'] },
  },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' } },
}

export const osmosisNetwork: CosmosNetwork = {
  id: 'osmosis-1',
  caipNetworkId: 'cosmos:osmosis-1',
  chainNamespace: 'cosmos',
  name: 'Osmosis',
  testnet: false,
  assets: { imageId: 'osmosis' },
  nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
  rpcUrls: {
    default: { http: ['https://osmosis-rpc.publicnode.com'] },
    rest: { http: ['https://osmosis-rest.publicnode.com'] },
  },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/osmosis' } },
}

export const celestiaNetwork: CosmosNetwork = {
  id: 'celestia',
  caipNetworkId: 'cosmos:celestia',
  chainNamespace: 'cosmos',
  name: 'Celestia',
  testnet: false,
  assets: { imageId: 'celestia' },
  nativeCurrency: { name: 'Celestia', symbol: 'TIA', decimals: 6 },
  rpcUrls: {
    default: { http: ['https://celestia-rpc.publicnode.com'] },
    rest: { http: ['https://celestia-rest.publicnode.com'] },
  },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/celestia' } },
}

/**
 * The dev stack's chain (docs/cosmos-node.md): a model of an SDK 0.50 chain on the loopback. It
 * shares the Hub's `cosmos` prefix, so chains are told apart by id, never by prefix.
 */
export const cosmosDevNetwork: CosmosNetwork = {
  id: 'latchdev-1',
  caipNetworkId: 'cosmos:latchdev-1',
  chainNamespace: 'cosmos',
  name: 'Latch Dev Cosmos',
  testnet: true,
  assets: { imageId: 'cosmos' },
  nativeCurrency: { name: 'Stake', symbol: 'STAKE', decimals: 6 },
  rpcUrls: {
    default: { http: ['http://127.0.0.1:26657'] },
    rest: { http: ['http://127.0.0.1:1317'] },
  },
}

/** The dev chain with the RPC and REST a stack runs it on. */
export function withCosmosNodeUrls(
  network: CosmosNetwork,
  urls: { rpc: string; rest: string },
): CosmosNetwork {
  return {
    ...network,
    rpcUrls: { default: { http: [urls.rpc] }, rest: { http: [urls.rest] } },
  }
}

/** The public chains an app offers by default; the dev chain is opt-in. */
export const cosmosNetworks: readonly CosmosNetwork[] = [
  cosmosHubNetwork,
  osmosisNetwork,
  celestiaNetwork,
]
