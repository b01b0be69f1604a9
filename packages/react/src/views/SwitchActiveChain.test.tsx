import {
  baseNetwork,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
  solanaLocalnet,
} from '@latch/core'
import { bitcoinRegtest, bitcoinTraits } from '@latch/core/bitcoin'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

afterEach(cleanup)

const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** An app on EVM and Solana, with MetaMask connected on EVM only. */
async function mount() {
  const evm = createFakeAdapter({
    namespace: 'eip155',
    networks: [devNetwork, baseNetwork],
    connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }],
  })
  const sol = createFakeAdapter({
    namespace: 'solana',
    networks: [solanaLocalnet],
    connectors: [
      { id: 'wallet-standard:Solflare', name: 'Solflare', type: 'ANNOUNCED', chain: 'solana' },
    ],
    address: SOLANA_ADDRESS,
  })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [evm, sol],
    networks: [devNetwork, baseNetwork, solanaLocalnet],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  await act(() => client.controller.connect({ namespace: 'eip155', connectorId: 'io.metamask' }))
  return { client, evm, sol }
}

const dialog = () => screen.findByRole('dialog', {}, { timeout: 5000 })
const views = (client: Awaited<ReturnType<typeof mount>>['client']) =>
  client.stores.router.getState().history.map((r) => r.view)

describe('SwitchActiveChain', () => {
  it('opens when a network of an unconnected namespace is picked, then switches and lands on Connect', async () => {
    const { client, evm } = await mount()
    act(() => openModal(client.stores.router, 'Networks'))
    fireEvent.click(
      await within(await dialog()).findByTestId(`network-${solanaLocalnet.caipNetworkId}`),
    )
    const view = await within(await dialog()).findByTestId(
      'view-switch-active-chain',
      {},
      { timeout: 5000 },
    )
    expect(view.textContent).toContain('Switch to Solana')
    expect(view.textContent).toContain("The wallet connected on EVM doesn't reach Solana")
    expect(within(await dialog()).getByRole('heading', { level: 2 }).textContent).toBe(
      'Switch chain',
    )
    // Nothing switched before the visitor confirms; the EVM wallet was never asked.
    expect(client.stores.chain.getState().activeChain).toBe('eip155')

    fireEvent.click(within(view).getByTestId('switch-active-chain'))
    await within(await dialog()).findByTestId('view-connect')
    const chain = client.stores.chain.getState()
    expect(chain.activeChain).toBe('solana')
    expect(chain.activeCaipNetwork?.caipNetworkId).toBe(solanaLocalnet.caipNetworkId)
    // navigateWithReplace: Back does not return to the confirmation.
    expect(views(client)).toEqual(['Networks', 'Connect'])
    expect(evm.calls.filter((c) => c.method === 'switchNetwork')).toEqual([])
    // The Connect view now lists the namespace's own wallets.
    expect(within(await dialog()).getByTestId('wallet-wallet-standard:Solflare')).toBeTruthy()
  })

  it('pushes navigateTo without navigateWithReplace, and goes back without navigateTo', async () => {
    const { client } = await mount()
    act(() => openModal(client.stores.router, 'Account'))
    act(() =>
      client.stores.router.setState((s) => {
        const route = {
          view: 'SwitchActiveChain',
          switchToChain: 'solana',
          navigateTo: 'Connect',
        } as const
        return { route, history: [...s.history, route] }
      }),
    )
    fireEvent.click(await within(await dialog()).findByTestId('switch-active-chain'))
    await waitFor(() => expect(views(client)).toEqual(['Account', 'SwitchActiveChain', 'Connect']))
    // The namespace's network when the route names none.
    expect(client.stores.chain.getState().activeCaipNetwork?.caipNetworkId).toBe(
      solanaLocalnet.caipNetworkId,
    )

    act(() => openModal(client.stores.router, 'Account'))
    act(() =>
      client.stores.router.setState((s) => {
        const route = {
          view: 'SwitchActiveChain',
          switchToChain: 'eip155',
          network: devNetwork,
        } as const
        return { route, history: [...s.history, route] }
      }),
    )
    fireEvent.click(await within(await dialog()).findByTestId('switch-active-chain'))
    await waitFor(() => expect(views(client)).toEqual(['Account']))
    expect(client.stores.chain.getState().activeChain).toBe('eip155')
  })

  it('says so and stays when the namespace cannot be switched to', async () => {
    const { client } = await mount()
    act(() =>
      openModal(client.stores.router, { view: 'SwitchActiveChain', switchToChain: 'bip122' }),
    )
    const view = await within(await dialog()).findByTestId('view-switch-active-chain')
    expect(view.textContent).toContain('Switch to bip122')
    fireEvent.click(within(view).getByTestId('switch-active-chain'))
    expect((await within(view).findByRole('alert')).textContent).toBe(
      "Couldn't switch to bip122. Try again.",
    )
    expect(views(client)).toEqual(['SwitchActiveChain'])
    expect(client.stores.chain.getState().activeChain).toBe('eip155')
  })

  it('is not shown for another network of the namespace already connected: the wallet is asked', async () => {
    const { client, evm } = await mount()
    act(() => openModal(client.stores.router, 'Networks'))
    fireEvent.click(
      await within(await dialog()).findByTestId(`network-${baseNetwork.caipNetworkId}`),
    )
    expect(views(client)).toEqual(['Networks', 'SwitchNetwork'])
    await waitFor(() => expect(evm.calls.some((c) => c.method === 'switchNetwork')).toBe(true))
  })

  // Last: the Bitcoin adapter's traits stay registered for the page once a controller has them.
  it("names the family by its adapter's label (Bitcoin), not its namespace (bip122)", async () => {
    const btc = createFakeAdapter({
      namespace: 'bip122',
      networks: [bitcoinRegtest],
      traits: bitcoinTraits,
      connectors: [{ id: 'xverse', name: 'Xverse', type: 'ANNOUNCED', chain: 'bip122' }],
    })
    const config: LatchConfig = {
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      adapters: [createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] }), btc],
      networks: [devNetwork, bitcoinRegtest],
      storage: createLatchStorage(createMemoryStorage()),
    }
    const client = createLatchClient(config)
    render(<LatchProvider config={config} client={client} />)
    await act(() => client.initialize())
    act(() =>
      openModal(client.stores.router, { view: 'SwitchActiveChain', switchToChain: 'bip122' }),
    )
    const view = await within(await dialog()).findByTestId('view-switch-active-chain')
    expect(view.textContent).toContain('Switch to Bitcoin')
    expect(view.textContent).toContain("doesn't reach Bitcoin")
    expect(view.textContent).not.toContain('bip122')
  })
})
