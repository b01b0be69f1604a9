import { createDevNetwork, createLatchStorage, createMemoryStorage } from '@latch/core'
import { createEvmAdapter, type EvmAdapter } from '@latch/core/evm'
import { announceProvider, createTestWallet, TEST_WALLET_INFO } from '@latch/core/testing'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useConnection, useDisconnect, WagmiProvider } from 'wagmi'
import { ConnectButton } from './ConnectButton.js'
import { createLatchClient, type LatchConfig } from './client.js'
import { useLatchAccount } from './hooks/index.js'
import { LatchProvider } from './LatchProvider.js'

// The recipe of docs/wagmi.md with the real libraries: wagmi's React bindings and TanStack Query
// around Latch's provider, one wagmi config (the adapter's), core's EIP-1193 test wallet announced
// by EIP-6963 on jsdom's window. No chain node is needed for connecting.
const network = createDevNetwork('http://127.0.0.1:9')
const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

function WagmiSide() {
  const connection = useConnection()
  const { mutate: disconnect } = useDisconnect()
  return (
    <div data-testid="wagmi">
      <output>{connection.address ?? 'none'}</output>
      <button type="button" onClick={() => disconnect()}>
        wagmi disconnect
      </button>
    </div>
  )
}

function LatchSide() {
  const account = useLatchAccount()
  return (
    <output data-testid="latch">{account.isConnected ? (account.address ?? '') : 'none'}</output>
  )
}

interface Page {
  adapter: EvmAdapter
  /** How often wagmi asked the test wallet's connector whether it is still authorised. */
  authorizationChecks: () => number
  /** How often the wagmi state entered a (re)connect. */
  reconnectStarts: () => number
}

/** Opens the recipe's page; the wallet must already be announcing itself. */
function openPage(backend = createMemoryStorage()): Page {
  const adapter = createEvmAdapter({ networks: [network], storage: backend })
  stops.push(() => adapter.destroy?.())
  const config = adapter.wagmiConfig
  // Counted on the real connector wagmi made from the announcement: each reconnect asks every
  // connector once, so two reconnects would show here as two.
  const connector = config.connectors.find((c) => c.id === TEST_WALLET_INFO.rdns)
  if (!connector) throw new Error('the test wallet was not discovered')
  let checks = 0
  const isAuthorized = connector.isAuthorized.bind(connector)
  connector.isAuthorized = () => {
    checks++
    return isAuthorized()
  }
  let starts = 0
  stops.push(
    config.subscribe(
      (state) => state.status,
      (status) => {
        if (status === 'reconnecting' || status === 'connecting') starts++
      },
    ),
  )

  const latchConfig: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [network],
    storage: createLatchStorage(backend),
  }
  const queryClient = new QueryClient()
  render(
    <StrictMode>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <LatchProvider config={latchConfig} client={createLatchClient(latchConfig)}>
            <ConnectButton balance={false} />
            <WagmiSide />
            <LatchSide />
          </LatchProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
  return { adapter, authorizationChecks: () => checks, reconnectStarts: () => starts }
}

function newWallet() {
  const wallet = createTestWallet({ rpcUrl: 'http://127.0.0.1:9' })
  stops.push(announceProvider(wallet, TEST_WALLET_INFO, window))
  return wallet
}

const wagmiAddress = () => within(screen.getByTestId('wagmi')).getByRole('status').textContent
const latchAddress = () => screen.getByTestId('latch').textContent

describe('Latch beside WagmiProvider and QueryClientProvider', () => {
  it("connects through Latch's modal and wagmi's hooks see the same account", async () => {
    const wallet = newWallet()
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    fireEvent.click(await within(dialog).findByRole('button', { name: /Latch Test Wallet/ }))

    await waitFor(() => expect(latchAddress()).toBe(wallet.address))
    await waitFor(() => expect(wagmiAddress()).toBe(wallet.address))
    // The modal's views load lazily on first use, slow on a busy machine.
  }, 20_000)

  it("disconnects through wagmi's hook and Latch follows", async () => {
    const wallet = newWallet()
    const page = openPage()
    await page.adapter.connect({ connectorId: TEST_WALLET_INFO.rdns })
    await waitFor(() => expect(wagmiAddress()).toBe(wallet.address))

    fireEvent.click(screen.getByRole('button', { name: 'wagmi disconnect' }))
    await waitFor(() => expect(wagmiAddress()).toBe('none'))
    await waitFor(() => expect(latchAddress()).toBe('none'))
  })

  it('reconnects once after a reload, and both sides show the restored account', async () => {
    const wallet = newWallet()
    const backend = createMemoryStorage()
    const first = createEvmAdapter({ networks: [network], storage: backend })
    await first.connect({ connectorId: TEST_WALLET_INFO.rdns })
    first.destroy?.()

    // The reload: a new page over the same storage and the same (still authorised) wallet.
    const page = openPage(backend)
    await waitFor(() => expect(latchAddress()).toBe(wallet.address))
    await waitFor(() => expect(wagmiAddress()).toBe(wallet.address))
    expect(page.reconnectStarts()).toBe(1)
    expect(page.authorizationChecks()).toBe(1)
  })
})
