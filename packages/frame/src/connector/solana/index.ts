/** The namespace of Solana clusters. */
export const SOLANA = 'solana'

/** A Solana cluster's CAIP-2 id: `solana:<genesis hash prefix>`. */
export type SolanaChainId = `solana:${string}`
