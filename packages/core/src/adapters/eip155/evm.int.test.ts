import { type CreateConnectorFn, injected } from '@wagmi/core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../../scripts/devchain/anvil.js'
import { signMessage } from '../../controller/actions/signMessage.js'
import { createController, type LatchController } from '../../controller/index.js'
import { errorMessages } from '../../errors/messages.js'
import { createMemoryStorage, type StorageBackend } from '../../storage/backend.js'
import { createLatchStorage } from '../../storage/storage.js'
import { selectActiveCaipAddress } from '../../stores/chain.js'
import { onEvent } from '../../stores/events.js'
import { createStores, type LatchStores } from '../../stores/index.js'
import {
  announceProvider,
  createTestWallet,
  TEST_WALLET_INFO,
  type TestWallet,
} from '../../testing/testWallet.js'
import { createEvmAdapter, type EvmAdapter } from './adapter.js'
import type { EvmNetwork } from './networks.js'
import { createDevNetwork, defineEvmNetwork } from './networks.js'

// The adapter runs against a real anvil through an EIP-1193 test wallet that announces itself by
// EIP-6963 on a minimal `window` (an EventTarget), the way a browser extension would.

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvil: AnvilInstance
let devNetwork: EvmNetwork
let unknownToWallet: EvmNetwork

beforeAll(async () => {
  anvil = await startAnvil()
  devNetwork = createDevNetwork(anvil.rpcUrl)
  unknownToWallet = defineEvmNetwork(
    {
      id: 31338,
      name: 'Latch Test L2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
      blockExplorers: { default: { name: 'Explorer', url: 'http://127.0.0.1:9/explorer' } },
    },
    'ethereum',
  )
})
afterAll(() => anvil?.stop())

interface Page {
  stores: LatchStores
  adapter: EvmAdapter
  controller: LatchController
}

let wallet: TestWallet
let backend: StorageBackend
let stopAnnouncing: () => void
const pages: Page[] = []

beforeEach(() => {
  ;(globalThis as { window?: unknown }).window = new EventTarget()
  wallet = createTestWallet({ rpcUrl: anvil.rpcUrl })
  stopAnnouncing = announceProvider(
    wallet,
    TEST_WALLET_INFO,
    (globalThis as unknown as { window: EventTarget }).window,
  )
  backend = createMemoryStorage()
})

afterEach(() => {
  stopAnnouncing()
  for (const page of pages.splice(0)) {
    page.controller.destroy()
    page.adapter.destroy?.()
  }
  delete (globalThis as { window?: unknown }).window
})

/** One page load: fresh stores, adapter and controller over the same storage and wallet. */
async function load(connectors?: CreateConnectorFn[]): Promise<Page> {
  const stores = createStores({
    networks: [devNetwork, unknownToWallet],
    defaultNetwork: devNetwork,
  })
  const adapter = createEvmAdapter({
    networks: [devNetwork, unknownToWallet],
    storage: backend,
    connectors,
    assetImageUrl: (id) => `http://localhost:8787/public/getAssetImage/${id}`,
  })
  const controller = createController({
    stores,
    adapters: [adapter],
    storage: createLatchStorage(backend),
  })
  await controller.initialize()
  const page = { stores, adapter, controller }
  pages.push(page)
  return page
}

const account = (page: Page) => page.stores.chain.getState().chains.eip155!.accountState

describe('EVM adapter with a test wallet on anvil', () => {
  it('discovers the wallet by EIP-6963 and connects', async () => {
    const page = await load()
    const connector = page.stores.connectors
      .getState()
      .connectors.find((c) => c.id === TEST_WALLET_INFO.rdns)
    expect(connector).toMatchObject({ type: 'ANNOUNCED', name: 'Latch Test Wallet' })

    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    expect(account(page)).toMatchObject({ status: 'connected', address: ACCOUNT_0 })
    expect(selectActiveCaipAddress(page.stores.chain.getState())).toBe(`eip155:31337:${ACCOUNT_0}`)
    expect(page.stores.connections.getState().connections.eip155).toHaveLength(1)

    await page.controller.fetchBalance()
    expect(account(page)).toMatchObject({ balance: '10000', balanceSymbol: 'ETH' })
  })

  it("signs a message with the connected account's wallet; the signature verifies", async () => {
    const page = await load()
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    const message = 'Latch says hello ✓\nline two'
    const { signature, address } = await signMessage(page.controller, { message })
    expect(address).toBe(ACCOUNT_0)
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature: signature as Hex })).toBe(
      true,
    )
    expect(
      await verifyMessage({
        address: ACCOUNT_0,
        message: `${message}!`,
        signature: signature as Hex,
      }),
    ).toBe(false)
  })

  it('adds a chain the wallet does not know (4902) with the exact wallet_addEthereumChain params', async () => {
    const page = await load()
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    await page.controller.switchNetwork(unknownToWallet)

    expect(wallet.addedChains).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Latch Test L2',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [anvil.rpcUrl],
        blockExplorerUrls: ['http://127.0.0.1:9/explorer'],
        iconUrls: ['http://localhost:8787/public/getAssetImage/ethereum'],
      },
    ])
    expect(wallet.state.chainId).toBe(31338)
    const state = page.stores.chain.getState()
    expect(state.activeCaipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(selectActiveCaipAddress(state)).toBe(`eip155:31338:${ACCOUNT_0}`)
  })

  it("turns the user's rejection (4001) into 'Connection rejected'", async () => {
    const page = await load()
    wallet.behaviour.rejectConnect = true
    await expect(
      page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns }),
    ).rejects.toThrow(errorMessages.connectionRejected)
    expect(account(page).status).toBe('disconnected')
    expect(wallet.state.connected).toBe(false)
  })

  it('a wallet that ends the connection itself leaves the app disconnected', async () => {
    const page = await load()
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    expect(account(page).status).toBe('connected')
    // What a wallet does when the user disconnects the site in it: no accounts any more.
    wallet.emit('accountsChanged', [])
    await vi.waitFor(() => expect(account(page).status).toBe('disconnected'))
    expect(selectActiveCaipAddress(page.stores.chain.getState())).toBeUndefined()
  })

  it('resolves disconnect when the wallet never answers, and emits disconnect', async () => {
    const page = await load()
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    wallet.behaviour.hangOnDisconnect = true
    const events: string[] = []
    onEvent(page.stores.events, 'disconnect', (event) => events.push(event.event))

    await page.controller.disconnect()

    expect(wallet.requests.some((r) => r.method === 'wallet_revokePermissions')).toBe(true)
    expect(account(page)).toMatchObject({ status: 'disconnected', address: undefined })
    expect(selectActiveCaipAddress(page.stores.chain.getState())).toBeUndefined()
    expect(events).toEqual(['disconnect'])
  })

  it('forgets a connection whose connector never finishes disconnecting', async () => {
    // A connector (think WalletConnect with a dead relay) whose disconnect never settles.
    const hanging: CreateConnectorFn = (config) => {
      const base = injected({
        target: { id: 'hanging', name: 'Hanging Wallet', provider: wallet as never },
      })(config)
      return { ...base, disconnect: () => new Promise<void>(() => {}) }
    }
    const first = await load([hanging])
    await first.controller.connect({ namespace: 'eip155', connectorId: 'hanging' })

    await first.controller.disconnect()
    expect(account(first).status).toBe('disconnected')
    expect(first.adapter.wagmiConfig.state.connections.size).toBe(0)

    // The wallet still holds the permission, so only our bookkeeping keeps this disconnected.
    expect(wallet.state.connected).toBe(true)
    const second = await load([hanging])
    expect(account(second).status).toBe('disconnected')
  })

  it('starts up over corrupt and foreign stored values, and replaces them', async () => {
    const junk = ['{oops', '"eip155:1"', '{"v":7,"value":1}', 'null', '[]']
    const keys = ['activeCaipNetworkId', 'connectionStatus', 'recentWallets', 'connections']
    for (const [i, key] of keys.entries()) backend.setItem(`@latch/${key}`, junk[i % junk.length]!)
    backend.setItem('@latch/wagmi.store', '{"state":{"connections":5,"chainId":"x"},"version":3}')
    backend.setItem('@latch/wagmi.recentConnectorId', '{oops')

    const page = await load()
    expect(page.stores.chain.getState().activeCaipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(account(page).status).toBe('disconnected')
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    expect(JSON.parse(backend.getItem('@latch/recentWallets')!)).toEqual({
      v: 1,
      value: [
        {
          id: TEST_WALLET_INFO.rdns,
          name: 'Latch Test Wallet',
          imageUrl: TEST_WALLET_INFO.icon,
          rdns: TEST_WALLET_INFO.rdns,
        },
      ],
    })
    const reloaded = await load()
    expect(account(reloaded).status).toBe('connected')
  })

  it('reconnects after a reload', async () => {
    const first = await load()
    await first.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })

    const second = await load()
    expect(second.stores).not.toBe(first.stores)
    expect(account(second)).toMatchObject({ status: 'connected', address: ACCOUNT_0 })
    expect(second.stores.connectors.getState().activeConnectorIds.eip155).toBe(
      TEST_WALLET_INFO.rdns,
    )
  })

  it('stays disconnected after a reload that follows a disconnect', async () => {
    const first = await load()
    await first.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    await first.controller.disconnect()

    const second = await load()
    expect(account(second).status).toBe('disconnected')
  })

  it("connects through legacy window.ethereum as the INJECTED 'Browser Wallet'", async () => {
    stopAnnouncing()
    const legacy = createTestWallet({ rpcUrl: anvil.rpcUrl, accountIndex: 1 })
    ;(globalThis as unknown as { window: { ethereum?: unknown } }).window.ethereum = legacy
    const page = await load()
    const connectors = page.stores.connectors.getState().connectors
    expect(connectors.map((c) => [c.id, c.type, c.name])).toEqual([
      ['injected', 'INJECTED', 'Browser Wallet'],
    ])
    await page.controller.connect({ namespace: 'eip155', connectorId: 'injected' })
    expect(account(page).address).toBe(legacy.address)

    const reloaded = await load()
    expect(account(reloaded)).toMatchObject({ status: 'connected', address: legacy.address })
  })

  it("hides the 'Browser Wallet' on desktop when the page has no wallet", async () => {
    stopAnnouncing()
    const page = await load()
    expect(page.stores.connectors.getState().connectors).toEqual([])
  })

  it('follows account and chain changes made in the wallet', async () => {
    const page = await load()
    await page.controller.connect({ namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns })
    const seen: string[] = []
    onEvent(page.stores.events, 'accountChanged', (e) => seen.push(e.event))
    onEvent(page.stores.events, 'switchNetwork', (e) => seen.push(e.event))

    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    wallet.emit('accountsChanged', [other])
    await vi.waitFor(() => expect(account(page).address).toBe(other))

    wallet.emit('chainChanged', '0x1')
    await vi.waitFor(() =>
      expect(page.stores.chain.getState().activeCaipNetwork).toMatchObject({
        caipNetworkId: 'eip155:1',
        name: 'Unknown Network',
      }),
    )
    // The core is headless: whether to show UnsupportedChain is the React layer's decision.
    expect(page.stores.router.getState().open).toBe(false)
    expect(seen).toEqual(['accountChanged', 'switchNetwork'])
  })
})
