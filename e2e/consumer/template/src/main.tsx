import { createDevNetwork } from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import { ConnectButton, LatchProvider } from '@latch/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// LATCH_STYLES_IMPORT

const network = createDevNetwork(import.meta.env.VITE_CHAIN_RPC_URL)
const adapter = createEvmAdapter({ networks: [network] })

const config = {
  projectId: import.meta.env.VITE_PROJECT_ID,
  serverUrl: import.meta.env.VITE_SERVER_URL,
  adapters: [adapter],
  networks: [network],
  injectStyles: import.meta.env.VITE_INJECT_STYLES !== 'false',
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LatchProvider config={config}>
      <ConnectButton balance={false} />
    </LatchProvider>
  </StrictMode>,
)
