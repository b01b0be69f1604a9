import { type SolanaNetwork, solanaLocalnet, solanaMainnet } from '@latch/core'
import { createLazySolanaAdapter } from '@latch/core/solana'
import type { PageFamily } from './types'

// Build-time variables (vite.config.ts defines every one a family reads), folded here: a build
// without them carries no Solana code. `npm start` sets the url; a bare `vite` takes the port.
const rpcUrl =
  import.meta.env.VITE_LATCH_SOLANA_RPC_URL ||
  (import.meta.env.LATCH_SOLANA_PORT ? `http://127.0.0.1:${import.meta.env.LATCH_SOLANA_PORT}` : '')

/** The local cluster in development, mainnet in a build, at the configured RPC url. */
const network: SolanaNetwork | undefined = rpcUrl
  ? {
      ...(import.meta.env.DEV ? solanaLocalnet : solanaMainnet),
      rpcUrls: { default: { http: [rpcUrl] } },
    }
  : undefined

/**
 * Solana when a cluster's RPC url is configured: wallet discovery runs with the page and the
 * adapter loads on the first Solana connect (docs/solana.md#wallets).
 */
export const solana: PageFamily | undefined = network
  ? {
      networks: [network],
      // An email or social user's Solana account, from the same sign-in.
      auth: { solanaChains: [network.caipNetworkId] },
      createAdapter: ({ auth }) =>
        createLazySolanaAdapter({
          networks: [network],
          embeddedWallet: auth.loadSolanaWallet && {
            connectorId: auth.connectorId,
            load: auth.loadSolanaWallet,
          },
        }),
      loadVerifier: () => import('./solanaVerifier').then((m) => m.solanaMessageVerifier),
    }
  : undefined
