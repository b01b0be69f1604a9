import {
  type Connector,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
  solanaLocalnet,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

afterEach(cleanup)

// One wallet (Phantom) announced to both adapters, and one wallet on each namespace alone.
const evmConnectors: Connector[] = [
  {
    id: 'app.phantom',
    name: 'Phantom',
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns: 'app.phantom', name: 'Phantom' },
  },
  {
    id: 'io.metamask',
    name: 'MetaMask',
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns: 'io.metamask', name: 'MetaMask' },
  },
]
const solanaConnectors: Connector[] = [
  { id: 'wallet-standard:Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' },
  { id: 'wallet-standard:Solflare', name: 'Solflare', type: 'ANNOUNCED', chain: 'solana' },
]
const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

function mount({ solana = true } = {}) {
  const evm = createFakeAdapter({
    namespace: 'eip155',
    networks: [devNetwork],
    connectors: evmConnectors,
  })
  const sol = createFakeAdapter({
    namespace: 'solana',
    networks: [solanaLocalnet],
    connectors: solanaConnectors,
    address: SOLANA_ADDRESS,
  })
  const config: LatchConfig = {
    projectId: 'p1',
    // Nothing answers here: the catalogue sections stay empty and hidden.
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: solana ? [evm, sol] : [evm],
    networks: solana ? [devNetwork, solanaLocalnet] : [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  act(() => openModal(client.stores.router))
  return { client, evm, sol }
}

const dialog = () => screen.findByRole('dialog', {}, { timeout: 5000 })
const rows = async () => {
  await within(await dialog()).findByRole('button', { name: /MetaMask/ })
  return within(await dialog()).getAllByRole('listitem')
}

describe('Connect with two namespaces', () => {
  it('lists a wallet on both once, and every row says which chains it serves', async () => {
    mount()
    // Grouped once the multi-chain chunk is here: three rows, not four.
    await waitFor(async () => expect(await rows()).toHaveLength(3), { timeout: 5000 })
    const view = await dialog()
    const phantom = within(view).getByRole('button', { name: /Phantom/ })
    expect(phantom.getAttribute('data-testid')).toBe('wallet-multi-chain:app.phantom')
    const chainsOf = (name: RegExp) =>
      within(within(view).getByRole('button', { name })).getByTestId('wallet-chains').textContent
    expect(chainsOf(/Phantom/)).toBe('EVM, Solana')
    expect(chainsOf(/MetaMask/)).toBe('EVM')
    expect(chainsOf(/Solflare/)).toBe('Solana')
    // The words are for screen readers (and the tooltip); the eye sees the networks' icons.
    const badges = within(phantom).getByTestId('wallet-chains')
    expect(badges.getAttribute('title')).toBe('EVM, Solana')
    expect(badges.querySelectorAll('img[alt=""]')).toHaveLength(2)
  })

  it('shows no chains with one namespace', async () => {
    mount({ solana: false })
    expect(await rows()).toHaveLength(2)
    expect(screen.queryByTestId('wallet-chains')).toBeNull()
  })
})

describe('ConnectingMultiChain', () => {
  it('offers each namespace; the pick makes it active and connects that namespace’s wallet', async () => {
    const { client, evm, sol } = mount()
    fireEvent.click(
      await within(await dialog()).findByTestId('wallet-multi-chain:app.phantom', undefined, {
        timeout: 5000,
      }),
    )
    const view = await dialog()
    await within(view).findByTestId('view-connecting-multi-chain')
    expect(within(view).getByRole('heading', { level: 2 }).textContent).toBe('Phantom')
    const choices = within(within(view).getByRole('list', { name: 'Chains' })).getAllByRole(
      'button',
    )
    expect(choices.map((b) => b.textContent)).toEqual([
      'Connect on EVM networks',
      'Connect on Solana',
    ])
    expect(client.stores.chain.getState().activeChain).toBe('eip155')

    fireEvent.click(within(view).getByRole('button', { name: 'Connect on Solana' }))
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(sol.calls).toContainEqual({ method: 'connect', args: 'wallet-standard:Phantom' })
    expect(evm.calls.filter((c) => c.method === 'connect')).toEqual([])
    const chain = client.stores.chain.getState()
    expect(chain.activeChain).toBe('solana')
    expect(chain.activeCaipNetwork?.caipNetworkId).toBe(solanaLocalnet.caipNetworkId)
    expect(chain.chains.solana?.accountState.address).toBe(SOLANA_ADDRESS)

    // Again, for EVM: Solana is marked connected; the EVM pick connects Phantom's EVM side.
    act(() =>
      openModal(client.stores.router, {
        view: 'ConnectingMultiChain',
        connectorId: 'multi-chain:app.phantom',
      }),
    )
    const again = await dialog()
    expect(within(again).getByRole('button', { name: /Connect on Solana/ }).textContent).toBe(
      'Connect on SolanaConnected',
    )
    fireEvent.click(within(again).getByRole('button', { name: 'Connect on EVM networks' }))
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(evm.calls).toContainEqual({ method: 'connect', args: 'app.phantom' })
    expect(client.stores.chain.getState().activeChain).toBe('eip155')
    expect(client.stores.connectors.getState().activeConnectorIds).toEqual({
      eip155: 'app.phantom',
      solana: 'wallet-standard:Phantom',
    })
  })

  it('picking the namespace the wallet is connected on makes it active without asking again', async () => {
    const { client, sol } = mount()
    await waitFor(() => expect(client.stores.chain.getState().activeChain).toBe('eip155'))
    await act(() =>
      client.controller.connect({ namespace: 'solana', connectorId: 'wallet-standard:Phantom' }),
    )
    await act(() => client.controller.switchNetwork(devNetwork))
    const connects = sol.calls.filter((c) => c.method === 'connect').length
    act(() =>
      openModal(client.stores.router, {
        view: 'ConnectingMultiChain',
        connectorId: 'multi-chain:app.phantom',
      }),
    )
    fireEvent.click(
      await within(await dialog()).findByRole('button', { name: /Connect on Solana/ }),
    )
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(client.stores.chain.getState().activeChain).toBe('solana')
    expect(sol.calls.filter((c) => c.method === 'connect')).toHaveLength(connects)
  })

  it('a refusal in the wallet shows on the connecting view, with a retry', async () => {
    const { client, sol } = mount()
    sol.behaviour.connect = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    act(() =>
      openModal(client.stores.router, {
        view: 'ConnectingMultiChain',
        connectorId: 'multi-chain:app.phantom',
      }),
    )
    fireEvent.click(
      await within(await dialog()).findByRole(
        'button',
        { name: 'Connect on Solana' },
        {
          timeout: 5000,
        },
      ),
    )
    const alert = await within(await dialog()).findByRole('alert')
    expect(alert.textContent).toContain('Connection rejected')
    expect(within(await dialog()).getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(client.stores.router.getState().route).toEqual({
      view: 'ConnectingExternal',
      connectorId: 'wallet-standard:Phantom',
    })
    // The namespace is the one the visitor chose, even though the wallet said no.
    expect(client.stores.chain.getState().activeChain).toBe('solana')
  })
})
