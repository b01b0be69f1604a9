import { createDevNetwork, createLatchStorage, createMemoryStorage } from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import { announceProvider, createTestWallet, TEST_WALLET_INFO } from '@latch/core/testing'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton.js'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../context.js'

// The real EVM adapter (wagmi) finds core's test wallet by EIP-6963 on jsdom's window. Connecting
// needs no chain node; the node url below is never reached for anything the test checks.
const network = createDevNetwork('http://127.0.0.1:9')
const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

function mount() {
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
  }
  const client = createLatchClient(config)
  render(
    <LatchProvider config={config} client={client}>
      <ConnectButton balance={false} />
    </LatchProvider>,
  )
  return { wallet, client }
}

describe('ConnectingExternal', () => {
  it("says 'Connection rejected' when the wallet answers 4001, and a retry connects", async () => {
    const { wallet } = mount()
    wallet.behaviour.rejectConnect = true
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    fireEvent.click(await within(dialog).findByRole('button', { name: /Latch Test Wallet/ }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Connection rejected')
    expect(wallet.state.connected).toBe(false)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(wallet.state.connected).toBe(true)
    expect(screen.getByRole('button').textContent).toBe('0xf3…b92266')
  })

  it('the wallet click itself asks the wallet; the view only shows how it goes', async () => {
    const { wallet, client } = mount()
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    const row = await within(dialog).findByRole('button', { name: /Latch Test Wallet/ })
    fireEvent.click(row)
    // Before React renders the connecting view, the attempt has started.
    expect(client.stores.connectors.getState().attempt).toMatchObject({ status: 'pending' })
    expect(client.stores.router.getState().route).toMatchObject({ view: 'ConnectingExternal' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(wallet.state.connected).toBe(true)
  }, 20_000)
})
