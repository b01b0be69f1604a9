import type { CaipNetwork } from '@latch/core'
import {
  createLazyPolkadotAdapter,
  createPolkadotDevNetwork,
  polkadotNetwork,
} from '@latch/core/polkadot'
import { appMessages } from '../messages'
import type { PageFamily } from './types'

// Build-time variables (vite.config.ts defines every one a family reads), folded here: a build
// without them carries no Polkadot code. `npm start` sets the url; a bare `vite` takes the port.
const rpcUrl =
  import.meta.env.VITE_LATCH_POLKADOT_RPC_URL ||
  (import.meta.env.LATCH_POLKADOT_PORT
    ? `ws://127.0.0.1:${import.meta.env.LATCH_POLKADOT_PORT}`
    : '')

/**
 * Polkadot when a chain's WebSocket url is configured: the dev chain in development, Polkadot in a
 * build. The page reads the chain over that WebSocket. The extensions on `window.injectedWeb3`
 * show with the page and @polkadot/api loads on the first Polkadot connect (docs/polkadot.md).
 */
const networks: CaipNetwork[] | undefined = rpcUrl
  ? [
      import.meta.env.DEV
        ? createPolkadotDevNetwork(rpcUrl)
        : { ...polkadotNetwork, rpcUrls: { default: { http: [], webSocket: [rpcUrl] } } },
    ]
  : undefined

export const polkadot: PageFamily | undefined = networks
  ? {
      networks,
      // What a wallet approves in polkadot over WalletConnect connects this adapter
      // (docs/polkadot.md#walletconnect).
      sharesWalletConnect: true,
      createAdapter: ({ walletConnect }) =>
        createLazyPolkadotAdapter({
          networks,
          appName: appMessages.brand,
          walletConnect,
        }),
      loadVerifier: () => import('./polkadotVerifier').then((m) => m.polkadotMessageVerifier),
    }
  : undefined
