import type { FamilyNamespace } from '../adapters/rpcMethods.js'

/**
 * The chain namespaces Latch knows (CAIP-2 namespaces): those of the registered families'
 * declarations (adapters/rpcMethods.ts), listed as data in adapters/families.ts.
 */
export type ChainNamespace = FamilyNamespace

/** CAIP-2 chain id, such as eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** CAIP-10 account id, such as eip155:1:0xabc…. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface CaipNetwork {
  /** The chain's own id: a number for EVM, the CAIP-2 reference string elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  testnet: boolean
  /** Served by the Latch server at `/public/getAssetImage/:imageId`. */
  assets: { imageId: string; imageUrl?: string | undefined }
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] | undefined } }
  blockExplorers?: { default: { name: string; url: string } } | undefined
}
