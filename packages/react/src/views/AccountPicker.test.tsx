import {
  ConnectorNotFoundError,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
} from '@latch/core'
import { createLazyPolkadotAdapter, createPolkadotDevNetwork } from '@latch/core/polkadot'
import {
  attachPolkadotTestExtension,
  createFakeAdapter,
  createPolkadotTestSigner,
} from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

// The real lazy Polkadot adapter and the test extension (sr25519 keys of the dev phrase, //Alice
// and //Bob named "Alice" and "Bob"): the picker lists what the extension shares and its pick goes
// through the adapter. No chain: the balance read fails, which the Account view shows as such.
const ALICE = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const BOB = 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP'
const dot = createPolkadotDevNetwork('ws://127.0.0.1:1')
// Under jsdom the keyring's hashing spells the generic addresses with a wrong checksum (its
// Uint8Array checks fail across jsdom's realm), which the adapter rightly refuses: the bridge
// gives the extension's accounts as the keyring spells them in Node (polkadotWallet.test.ts).
const GENERIC: Record<string, string> = {
  Alice: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  Bob: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty',
}
const respelled = (list: unknown) =>
  Array.isArray(list)
    ? list.map((a: { name: string }) => ({ ...a, address: GENERIC[a.name] }))
    : list

let remove: (() => void) | undefined
afterEach(() => {
  cleanup()
  remove?.()
})
beforeAll(async () => {
  await Promise.all([
    import('../modal/Modal.js'),
    import('./Account.js'),
    import('./AccountPicker.js'),
  ])
})

async function mount(granted: string[]) {
  const signer = await createPolkadotTestSigner()
  signer.grant(granted)
  const extension = attachPolkadotTestExtension(signer, { bridge: '__dotPick', key: 'talisman' })
  remove = extension.remove
  const page = window as unknown as Record<string, (value: unknown) => unknown>
  page.__dotPick = async (request) => {
    const answer = (await signer.handle(request as never)) as { result?: unknown }
    return 'result' in answer ? { ...answer, result: respelled(answer.result) } : answer
  }
  const emit = () => page.__dotPickEmit?.(respelled(signer.granted()))
  const polkadot = createLazyPolkadotAdapter({ networks: [dot], appName: 'Picker test' })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] }), polkadot],
    networks: [devNetwork, dot],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  await act(async () => {
    await client.controller.switchNetwork(dot)
    await client.controller.connect({ namespace: 'polkadot', connectorId: 'polkadot:talisman' })
  })
  act(() => openModal(client.stores.router, 'Account'))
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }))
  await dialog.findByTestId('view-account')
  const address = () => client.stores.chain.getState().chains.polkadot?.accountState.address
  return { client, dialog, polkadot, signer, emit, address }
}

describe('AccountPicker', () => {
  it('lists each shared account with its name, short address in the network prefix and key type; a pick makes it the app account', async () => {
    const { dialog, address, signer } = await mount(['Alice', 'Bob'])
    expect(address()).toBe(ALICE)
    fireEvent.click(await dialog.findByRole('button', { name: 'Switch account (2)' }))
    const items = await dialog.findAllByTestId('account-picker-item')
    expect(items.map((item) => item.textContent)).toEqual([
      'Alice HNZa…Upf74Fsr25519Active',
      'Bob FoQJ…Zat9QPsr25519',
    ])
    expect(items[0]?.getAttribute('aria-current')).toBe('true')
    const asked = signer.requests.length
    fireEvent.click(dialog.getByRole('button', { name: 'Use Bob (FoQJ…Zat9QP)' }))
    await waitFor(() => expect(address()).toBe(BOB))
    // The list closes on the pick; the entry stays for the next switch.
    await waitFor(() => expect(dialog.queryByTestId('account-picker')).toBeNull())
    expect(dialog.getByTestId('account-name').textContent).toBe('FoQJ…Zat9QP')
    // A pick is the page's own choice among what the site may already see: nothing is asked.
    expect(signer.requests.slice(asked)).toEqual([])

    fireEvent.click(dialog.getByRole('button', { name: 'Switch account (2)' }))
    const again = await dialog.findAllByTestId('account-picker-item')
    expect(again.map((item) => item.getAttribute('data-address'))).toEqual([BOB, ALICE])
    expect(again[0]?.getAttribute('aria-current')).toBe('true')
  })

  it('offers no switch for one shared account, nor for an adapter that cannot select one', async () => {
    const { dialog } = await mount(['Bob'])
    await dialog.findByTestId('account-wallets')
    expect(dialog.queryByTestId('account-switch-account')).toBeNull()
    cleanup()
    remove?.()

    // Bitcoin-like: the adapter lists accounts (payment, ordinals) but picks none itself.
    const fake = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
    Object.assign(fake, { getAccounts: () => [{ address: '0x1' }, { address: '0x2' }] })
    const config: LatchConfig = {
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      adapters: [fake],
      networks: [devNetwork],
      storage: createLatchStorage(createMemoryStorage()),
    }
    const client = createLatchClient(config)
    render(<LatchProvider config={config} client={client} />)
    await act(() => client.initialize())
    await act(() => client.controller.connect({ namespace: 'eip155', connectorId: 'fake' }))
    act(() => openModal(client.stores.router, 'Account'))
    const view = within(await screen.findByRole('dialog', {}, { timeout: 5000 }))
    await view.findByTestId('account-wallets')
    expect(view.queryByTestId('account-switch-account')).toBeNull()
  })

  it('refuses an account outside the connection with a typed error; the app keeps its account and the list follows the extension', async () => {
    const { dialog, address, signer, emit, polkadot } = await mount(['Alice', 'Bob'])
    fireEvent.click(await dialog.findByRole('button', { name: 'Switch account (2)' }))
    await dialog.findAllByTestId('account-picker-item')
    // A page script (or a stale list) names an address outside the connection: typed refusal.
    await expect(polkadot.selectAccount(BOB.replace('F', 'G'))).rejects.toBeInstanceOf(
      ConnectorNotFoundError,
    )
    expect(address()).toBe(ALICE)
    // The visitor withdraws Bob in the extension: the list follows, Bob cannot be picked.
    signer.grant(['Alice'])
    act(() => emit())
    await waitFor(() => expect(dialog.queryByTestId('account-picker')).toBeNull())
    expect(dialog.queryByTestId('account-switch-account')).toBeNull()
    await expect(polkadot.selectAccount(BOB)).rejects.toBeInstanceOf(ConnectorNotFoundError)
    expect(address()).toBe(ALICE)
  })
})
