import { createLatchStorage, createMemoryStorage, devNetwork, openModal } from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

afterEach(cleanup)
// The modal and its views are lazy chunks: loaded once here, so a test waits for React, not Vite.
beforeAll(async () => {
  await Promise.all([import('../modal/Modal.js'), import('./WalletSend.js')])
})

const exact = '10002.478876032263085746'

async function mountSend() {
  const adapter = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
  adapter.getBalance = async () => ({ balance: exact, symbol: 'ETH' })
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
  await act(() => client.initialize())
  await act(async () => {
    await client.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  })
  act(() => openModal(client.stores.router, 'WalletSend'))
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }))
  return { dialog, client }
}

describe('WalletSend', () => {
  it('shows Available with 3 decimals, rounded down, while Max fills the exact balance', async () => {
    const { dialog, client } = await mountSend()
    expect(await dialog.findByText('Available: 10,002.478 ETH', {}, { timeout: 5000 })).toBeTruthy()
    expect(dialog.queryByText(new RegExp(exact.replace('.', '\\.')))).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: /max/i }))
    // The fake adapter's estimate, if any, is taken off; the field never holds a 3-decimal cut.
    const filled = client.stores.send.getState().sendTokenAmount ?? ''
    expect(filled.split('.')[1]?.length ?? 0).toBeGreaterThan(3)
  })
})
