import {
  type CaipNetwork,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { pendingOf } from './Account.js'

afterEach(cleanup)
// The modal and its views are lazy chunks: loaded once here, so a test waits for React, not Vite.
beforeAll(async () => {
  await Promise.all([import('../modal/Modal.js'), import('./Account.js')])
})

const utxoNetwork: CaipNetwork = {
  id: 'utxo-test',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'UTXO Test',
  testnet: true,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Coin', symbol: 'CN', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}

async function mountAccount(read: { balance: string; symbol: string; pending?: string }) {
  const adapter = createFakeAdapter({
    namespace: 'bip122',
    networks: [utxoNetwork],
    address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
  })
  adapter.getBalance = async () => read as { balance: string; symbol: string }
  const evm = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [evm, adapter],
    networks: [devNetwork, utxoNetwork],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  await act(async () => {
    await client.controller.switchNetwork(utxoNetwork)
    await client.controller.connect({ namespace: 'bip122', connectorId: 'fake' })
  })
  act(() => openModal(client.stores.router, 'Account'))
  return within(await screen.findByRole('dialog', {}, { timeout: 5000 }))
}

describe('pendingOf', () => {
  it('is the unconfirmed amount when the adapter reports one that is not zero', () => {
    expect(pendingOf({ balance: '1', symbol: 'CN', pending: '0.25' })).toBe('0.25')
    expect(pendingOf({ balance: '1', symbol: 'CN', pending: '-0.001' })).toBe('-0.001')
    expect(pendingOf({ balance: '1', symbol: 'CN', pending: '0' })).toBeUndefined()
    expect(pendingOf({ balance: '1', symbol: 'CN' })).toBeUndefined()
    expect(pendingOf(undefined)).toBeUndefined()
  })
})

describe('Account balance', () => {
  it('shows no pending line when nothing waits for a block', async () => {
    const view = await mountAccount({ balance: '0.5', symbol: 'CN', pending: '0' })
    await waitFor(
      () => expect(view.getByTestId('account-balance').textContent).toBe('Balance: 0.5 CN'),
      {
        timeout: 15_000,
      },
    )
    expect(view.queryByTestId('account-balance-pending')).toBeNull()
  }, 20_000)

  it('shows the confirmed balance and, beside it, what is still pending', async () => {
    const view = await mountAccount({ balance: '0.5', symbol: 'CN', pending: '0.001' })
    await waitFor(
      () => expect(view.getByTestId('account-balance').textContent).toBe('Balance: 0.5 CN'),
      {
        timeout: 15_000,
      },
    )
    expect((await view.findByTestId('account-balance-pending')).textContent).toBe(
      'Pending: 0.001 CN',
    )
  }, 20_000)
})

describe('Account wallet features', () => {
  it("come in the seed's order, on-ramp, swaps, receive, send, in a restricted time zone too", async () => {
    // The reference's China-region time zones only pick other hosts for its hosted services; a
    // Latch page talks to its own server, so they hide no feature (docs/onramp.md).
    const zone = Intl.DateTimeFormat.prototype.resolvedOptions
    Intl.DateTimeFormat.prototype.resolvedOptions = function (this: Intl.DateTimeFormat) {
      return { ...zone.call(this), timeZone: 'Asia/Shanghai' }
    }
    try {
      expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Shanghai')
      const view = await mountAccount({ balance: '0.5', symbol: 'CN' })
      const actions = await view.findAllByTestId(/^account-(buy|swap|receive|send)$/)
      expect(actions.map((button) => button.dataset.testid)).toEqual([
        'account-buy',
        'account-swap',
        'account-receive',
        'account-send',
      ])
    } finally {
      Intl.DateTimeFormat.prototype.resolvedOptions = zone
    }
  }, 20_000)
})
