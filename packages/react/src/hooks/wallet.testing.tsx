import { createDevNetwork, createLatchStorage, createMemoryStorage } from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import { announceProvider, createTestWallet, TEST_WALLET_INFO } from '@latch/core/testing'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

// The real EVM adapter (wagmi) finds core's test wallet by EIP-6963 on jsdom's window. Connecting
// needs no chain node; the node url below is never reached for anything the tests check.
export const network = createDevNetwork('http://127.0.0.1:9')

/** Renders `children` under a LatchProvider whose only wallet is the test wallet. */
export function mountWithWallet(
  children: ReactNode,
  stops: Array<() => void>,
  extra: Partial<LatchConfig> = {},
) {
  const wallet = createTestWallet({ rpcUrl: 'http://127.0.0.1:9' })
  stops.push(announceProvider(wallet, TEST_WALLET_INFO, window))
  const backend = createMemoryStorage()
  const adapter = createEvmAdapter({ networks: [network], storage: backend })
  stops.push(() => adapter.destroy?.())
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [network],
    storage: createLatchStorage(backend),
    ...extra,
  }
  const client = createLatchClient(config)
  render(
    <LatchProvider config={config} client={client}>
      {children}
    </LatchProvider>,
  )
  return { wallet, client }
}
