import {
  cosmosDevNetwork,
  cosmosHubNetwork,
  createLazyCosmosAdapter,
  withCosmosNodeUrls,
} from '@latch/core/cosmos'
import type { PageFamily } from './types'

// Build-time variables (vite.config.ts defines every one a family reads), folded here: a build
// without them carries no Cosmos code. `npm start` sets the urls; a bare `vite` takes the ports.
const rpcUrl =
  import.meta.env.VITE_LATCH_COSMOS_RPC_URL ||
  (import.meta.env.LATCH_COSMOS_RPC_PORT
    ? `http://127.0.0.1:${import.meta.env.LATCH_COSMOS_RPC_PORT}`
    : '')
const restUrl =
  import.meta.env.VITE_LATCH_COSMOS_REST_URL ||
  (import.meta.env.LATCH_COSMOS_REST_PORT
    ? `http://127.0.0.1:${import.meta.env.LATCH_COSMOS_REST_PORT}`
    : '')

/**
 * Cosmos when a node is configured: the dev chain in development, the Cosmos Hub in a build. The
 * server has no Cosmos pass-through yet, so the page and the wallet read the node directly (the
 * dev node on loopback). Wallet discovery runs with the page and cosmjs loads on the first Cosmos
 * connect (docs/cosmos.md).
 */
const networks = rpcUrl
  ? [
      withCosmosNodeUrls(import.meta.env.DEV ? cosmosDevNetwork : cosmosHubNetwork, {
        rpc: rpcUrl,
        rest: restUrl || rpcUrl,
      }),
    ]
  : undefined

export const cosmos: PageFamily | undefined = networks
  ? {
      networks,
      // What a wallet approves in cosmos over WalletConnect connects this adapter
      // (docs/cosmos.md#walletconnect).
      sharesWalletConnect: true,
      createAdapter: ({ walletConnect }) => createLazyCosmosAdapter({ networks, walletConnect }),
      loadVerifier: () => import('./cosmosVerifier').then((m) => m.cosmosMessageVerifier),
    }
  : undefined
