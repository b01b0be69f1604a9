import type { CaipNetwork } from '../../networks/types.js'

// Plain data: the adapter (`@latch/core/polkadot`) reads each chain over its
// `rpcUrls.default.webSocket[0]` (docs/polkadot.md). A Polkadot CAIP-2 reference is the first 32
// hex digits of the chain's genesis hash.

export const polkadotNetwork: CaipNetwork = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  testnet: false,
  assets: { imageId: 'polkadot' },
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['https://rpc.polkadot.io'], webSocket: ['wss://rpc.polkadot.io'] } },
  blockExplorers: { default: { name: 'Subscan', url: 'https://polkadot.subscan.io' } },
}

export const kusamaNetwork: CaipNetwork = {
  id: 'b0a8d493285c2df73290dfb7e61f870f',
  caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
  chainNamespace: 'polkadot',
  name: 'Kusama',
  testnet: false,
  assets: { imageId: 'kusama' },
  nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  rpcUrls: {
    default: {
      http: ['https://kusama-rpc.polkadot.io'],
      webSocket: ['wss://kusama-rpc.polkadot.io'],
    },
  },
  blockExplorers: { default: { name: 'Subscan', url: 'https://kusama.subscan.io' } },
}

export const westendNetwork: CaipNetwork = {
  id: 'e143f23803ac50e8f6f8e62695d1ce9e',
  caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  chainNamespace: 'polkadot',
  name: 'Westend',
  testnet: true,
  assets: { imageId: 'polkadot' },
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
  rpcUrls: {
    default: {
      http: ['https://westend-rpc.polkadot.io'],
      webSocket: ['wss://westend-rpc.polkadot.io'],
    },
  },
  blockExplorers: { default: { name: 'Subscan', url: 'https://westend.subscan.io' } },
}

export const polkadotAssetHubNetwork: CaipNetwork = {
  id: '68d56f15f85d3136970ec16946040bc1',
  caipNetworkId: 'polkadot:68d56f15f85d3136970ec16946040bc1',
  chainNamespace: 'polkadot',
  name: 'Polkadot Asset Hub',
  testnet: false,
  assets: { imageId: 'polkadot' },
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: {
    default: {
      http: ['https://polkadot-asset-hub-rpc.polkadot.io'],
      webSocket: ['wss://polkadot-asset-hub-rpc.polkadot.io'],
    },
  },
  blockExplorers: { default: { name: 'Subscan', url: 'https://assethub-polkadot.subscan.io' } },
}

/**
 * The dev chain `npm start` runs (docs/polkadot-node.md): chopsticks starts every chain from a spec
 * at genesis hash 0x4545…45, so this id names that chain and nothing public.
 */
export const POLKADOT_DEV_GENESIS = `0x${'45'.repeat(32)}`

/** The dev chain at `url` (ws://127.0.0.1:<LATCH_POLKADOT_PORT>): Rococo Asset Hub's runtime, ROC. */
export function createPolkadotDevNetwork(url: string): CaipNetwork {
  return {
    id: POLKADOT_DEV_GENESIS.slice(2, 34),
    caipNetworkId: `polkadot:${POLKADOT_DEV_GENESIS.slice(2, 34)}`,
    chainNamespace: 'polkadot',
    name: 'Polkadot dev chain',
    testnet: true,
    assets: { imageId: 'polkadot' },
    nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
    rpcUrls: { default: { http: [url.replace(/^ws/, 'http')], webSocket: [url] } },
  }
}

/**
 * Each network's SS58 prefix, the spelling of its addresses: Polkadot and its Asset Hub 0, Kusama 2,
 * Westend the generic 42, the dev chain 2 (its runtime's constant, Statemine's).
 */
const SS58_PREFIXES: Record<string, number> = {
  [polkadotNetwork.caipNetworkId]: 0,
  [kusamaNetwork.caipNetworkId]: 2,
  [westendNetwork.caipNetworkId]: 42,
  [polkadotAssetHubNetwork.caipNetworkId]: 0,
  [`polkadot:${POLKADOT_DEV_GENESIS.slice(2, 34)}`]: 2,
}

/** The SS58 prefix addresses on `network` are written with; 42 (generic) for a chain not listed. */
export const ss58PrefixOf = (network: Pick<CaipNetwork, 'caipNetworkId'>): number =>
  SS58_PREFIXES[network.caipNetworkId] ?? 42

/** The public networks an app offers by default; Westend and the dev chain are opt-in. */
export const polkadotNetworks: readonly CaipNetwork[] = [
  polkadotNetwork,
  kusamaNetwork,
  polkadotAssetHubNetwork,
]
