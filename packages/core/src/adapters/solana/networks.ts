import type { CaipNetwork } from '../../networks/types.js'

/** A Solana cluster: its CAIP-2 id is `solana:` and the first 32 characters of its genesis hash. */
export type SolanaNetwork = CaipNetwork & {
  chainNamespace: 'solana'
  caipNetworkId: `solana:${string}`
}

// Plain data: the code that talks to these networks loads with the Solana adapter's own subpath
// export, so an app without Solana bundles none of it.

export const solanaMainnet: SolanaNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  testnet: false,
  assets: { imageId: 'solana' },
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
}

export const solanaTestnet: SolanaNetwork = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  testnet: true,
  assets: { imageId: 'solana' },
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=testnet' } },
}

export const solanaDevnet: SolanaNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  testnet: true,
  assets: { imageId: 'solana' },
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=devnet' } },
}

/**
 * The local cluster `npm start` runs (docs/solana.md#the-local-cluster): a fixed genesis hash, so a
 * fixed CAIP-2 id. Not in `solanaNetworks`; an app adds it for development.
 */
export const solanaLocalnet: SolanaNetwork = {
  id: '36JLwM6MazaC3NZWkqVzp2E7rvZCmkGP',
  caipNetworkId: 'solana:36JLwM6MazaC3NZWkqVzp2E7rvZCmkGP',
  chainNamespace: 'solana',
  name: 'Solana Local',
  testnet: true,
  assets: { imageId: 'solana' },
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

export const solanaNetworks: readonly SolanaNetwork[] = [solanaMainnet, solanaTestnet, solanaDevnet]
