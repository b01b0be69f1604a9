import type { SolanaChainId } from './index.js'
import type { EmbeddedSolanaWallet, EmbeddedSolanaWalletOptions } from './wallet.js'

/**
 * The embedded wallet's Solana account for `createAuthConnector`'s `loadSolanaWallet`: none
 * without clusters; else loaded on the first call (wallet.ts and its imports), so a page pays for
 * it only when an email user picks Solana.
 */
export function solanaWalletLoader(
  chains: readonly SolanaChainId[] | undefined,
  options: Omit<EmbeddedSolanaWalletOptions, 'chains'>,
) {
  let wallet: EmbeddedSolanaWallet | undefined
  const load = chains?.length
    ? async () => {
        const { createEmbeddedSolanaWallet } = await import('./wallet.js')
        wallet ??= createEmbeddedSolanaWallet({ chains, ...options })
        return wallet
      }
    : undefined
  return {
    load,
    /** The shared session ended elsewhere: forget the account without asking the frame. */
    signedOut: () => wallet?.signedOut(),
  }
}
