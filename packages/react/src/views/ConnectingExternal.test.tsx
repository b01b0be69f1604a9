import {
  ConnectionFailedError,
  ConnectorChainsUnsupportedError,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton.js'
import { createLatchClient, type LatchConfig } from '../client.js'
import { mountWithWallet } from '../hooks/wallet.testing.js'
import { LatchProvider } from '../LatchProvider.js'
import { failureReason } from './ConnectingExternal.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

const mount = () => mountWithWallet(<ConnectButton balance={false} />, stops)

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

describe('a failed connection', () => {
  it('says why when the kit itself did (a wallet on none of the app’s chains), not a library’s text', () => {
    const unsupported = new ConnectionFailedError({ cause: new ConnectorChainsUnsupportedError() })
    expect(failureReason(unsupported)).toBe(
      'The connector does not support any of the requested chains',
    )
    expect(
      failureReason(new ConnectionFailedError({ cause: new Error('socket hang up at 10.0.0.3') })),
    ).toBeUndefined()
    expect(failureReason(new ConnectionFailedError())).toBeUndefined()
    expect(failureReason(undefined)).toBeUndefined()
  })

  it('shows the reason under "Failed to connect", with a retry', async () => {
    const adapter = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
    adapter.behaviour.connect = async () => {
      throw new ConnectorChainsUnsupportedError()
    }
    const config: LatchConfig = {
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      adapters: [adapter],
      networks: [devNetwork],
      storage: createLatchStorage(createMemoryStorage()),
    }
    const client = createLatchClient(config)
    render(<LatchProvider config={config} client={client} />)
    act(() => openModal(client.stores.router))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    fireEvent.click(await within(dialog).findByRole('button', { name: /Fake Wallet/ }))
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 })
    expect(alert.textContent).toContain('Failed to connect')
    expect(
      within(alert).getByText('The connector does not support any of the requested chains'),
    ).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy()
  }, 20_000)
})
