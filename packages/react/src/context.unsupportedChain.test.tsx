import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mountWithWallet, network } from './hooks/wallet.testing.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

async function connectThenLeaveForUnknownChain(options: { allowUnsupportedChain?: boolean }) {
  const { wallet, client } = mountWithWallet(null, stops, { options })
  await client.initialize()
  await client.controller.connect({
    namespace: 'eip155',
    connectorId: client.stores.connectors.getState().connectors[0]!.id,
  })
  expect(client.stores.router.getState().open).toBe(false)
  // The user switches the wallet itself to a chain the app does not list.
  wallet.emit('chainChanged', '0x67932')
  await waitFor(() =>
    expect(client.stores.chain.getState().activeCaipNetwork?.caipNetworkId).toBe('eip155:424242'),
  )
  return client
}

describe('a wallet on a network the app does not list', () => {
  it('opens UnsupportedChain (the core watcher LatchProvider mounts)', async () => {
    await connectThenLeaveForUnknownChain({})
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    expect(dialog.dataset.view).toBe('UnsupportedChain')
    // The view's network list is a chunk of its own: the dialog may say 'Loading…' first.
    await waitFor(() => expect(dialog.textContent).toContain(network.name), { timeout: 5000 })
  }, 20_000)

  it('opens nothing when the app allows such networks', async () => {
    const client = await connectThenLeaveForUnknownChain({ allowUnsupportedChain: true })
    expect(client.stores.router.getState().open).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 20_000)
})
