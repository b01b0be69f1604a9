import { bitcoinMainnet, bitcoinRegtest, type CaipNetwork } from '@latch/core'
import { createLazyBitcoinAdapter } from '@latch/core/bitcoin'
import { isDev, projectId, serverUrl } from '../env'
import type { PageFamily } from './types'

// Build-time variables (vite.config.ts defines every one a family reads), folded here: a build
// without them carries no Bitcoin code. `npm start` sets the network; a bare `vite` takes the port.
const configured =
  import.meta.env.VITE_LATCH_BITCOIN_NETWORK ||
  (import.meta.env.LATCH_BITCOIN_PORT ? 'regtest' : '')

/**
 * Bitcoin when a network is configured (`regtest`, the dev node under `npm start`, or `mainnet`).
 * The adapter reads the chain through the Latch server's Esplora pass-through
 * (`/v1/esplora/<caip2>`), so the page talks to one origin and a public Esplora's address is the
 * server's setting. Wallet discovery runs with the page and the adapter loads on the first
 * Bitcoin connect (docs/bitcoin.md). In development `?bitcoinNetworks=mainnet` makes the page a
 * mainnet-only app, which a regtest wallet must be refused by.
 */
const networks: CaipNetwork[] | undefined = configured
  ? [
      withEsploraProxy(
        configured === 'regtest' && !mainnetOnlyPage() ? bitcoinRegtest : bitcoinMainnet,
      ),
    ]
  : undefined

export const bip122: PageFamily | undefined = networks
  ? {
      networks,
      // What a wallet approves in bip122 over WalletConnect connects this adapter
      // (docs/bitcoin.md#walletconnect).
      sharesWalletConnect: true,
      createAdapter: ({ walletConnect }) => createLazyBitcoinAdapter({ networks, walletConnect }),
      loadVerifier: () => import('./bip122Verifier').then((m) => m.bitcoinMessageVerifier),
    }
  : undefined

function mainnetOnlyPage(): boolean {
  if (!isDev || typeof window === 'undefined') return false
  return new URLSearchParams(window.location.search).get('bitcoinNetworks') === 'mainnet'
}

/** The network with its Esplora base on the Latch server's pass-through, for this project. */
export function withEsploraProxy(network: CaipNetwork): CaipNetwork {
  const url = new URL(`/v1/esplora/${network.caipNetworkId}`, serverUrl)
  url.searchParams.set('projectId', projectId)
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [url.toString()] } } }
}
