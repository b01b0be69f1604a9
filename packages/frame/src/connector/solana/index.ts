import type { PageNamespace } from '../namespace.js'

/** A Solana cluster's CAIP-2 id: `solana:<genesis hash prefix>`. */
export type SolanaChainId = `solana:${string}`

export const solanaNamespace: PageNamespace = {
  namespace: 'solana',
  defaultAccountType: 'eoa',
}
