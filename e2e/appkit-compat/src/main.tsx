// The app a dapp developer writes from AppKit's own quick start, with the dev chain as its only
// network. It names no Latch host: the e2e test routes AppKit's cloud hosts to a Latch server.

import { defineChain } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = import.meta.env.VITE_PROJECT_ID as string
const chainRpcUrl = import.meta.env.VITE_CHAIN_RPC_URL as string

const devChain = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Dev chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chainRpcUrl] } },
})

const wagmiAdapter = new WagmiAdapter({ networks: [devChain], projectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks: [devChain],
  projectId,
  metadata: {
    name: 'AppKit on Latch',
    description: 'An unmodified AppKit app',
    url: window.location.origin,
    icons: [],
  },
  features: { analytics: true },
})

const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <main>
        <h1>AppKit on Latch</h1>
        <appkit-button />
      </main>
    </QueryClientProvider>
  </WagmiProvider>,
)
