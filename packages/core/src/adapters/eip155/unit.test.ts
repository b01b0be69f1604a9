import type { Connector as WagmiConnector } from '@wagmi/core'
import { serialize } from '@wagmi/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../storage/backend.js'
import { toLatchConnectors } from './connectors.js'
import { createWagmiStorage, WAGMI_STORAGE_KEY } from './storage.js'

const wagmiConnector = (id: string, name: string, type = 'injected') =>
  ({ id, name, type, icon: undefined }) as unknown as WagmiConnector

afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

describe('toLatchConnectors', () => {
  const provider = { request: async () => null }
  const announced = [
    {
      info: { uuid: 'u', name: 'Rabby Wallet', icon: 'data:,', rdns: 'io.rabby' },
      provider: provider as never,
    },
  ]

  it('types announced, legacy injected, WalletConnect and other connectors', () => {
    ;(globalThis as { window?: unknown }).window = { ethereum: { request: async () => null } }
    const connectors = toLatchConnectors(
      [
        wagmiConnector('injected', 'Injected'),
        wagmiConnector('io.rabby', 'Rabby Wallet'),
        wagmiConnector('walletConnect', 'WalletConnect', 'walletConnect'),
        wagmiConnector('coinbaseWalletSDK', 'Coinbase Wallet', 'coinbaseWallet'),
      ],
      announced,
    )
    expect(connectors.map((c) => [c.id, c.type, c.name])).toEqual([
      ['injected', 'INJECTED', 'Browser Wallet'],
      ['io.rabby', 'ANNOUNCED', 'Rabby Wallet'],
      ['walletConnect', 'WALLET_CONNECT', 'WalletConnect'],
      ['coinbaseWalletSDK', 'EXTERNAL', 'Coinbase Wallet'],
    ])
    expect(connectors[1]!.info?.rdns).toBe('io.rabby')
  })

  it('leaves the legacy connector without a provider when the page has none', () => {
    const [legacy] = toLatchConnectors([wagmiConnector('injected', 'Injected')], [])
    expect(legacy!.provider).toBeUndefined()
  })

  it('drops the legacy connector when an announced wallet owns window.ethereum', () => {
    ;(globalThis as { window?: unknown }).window = { ethereum: provider }
    const connectors = toLatchConnectors(
      [wagmiConnector('injected', 'Injected'), wagmiConnector('io.rabby', 'Rabby Wallet')],
      announced,
    )
    expect(connectors.map((c) => c.id)).toEqual(['io.rabby'])
  })
})

describe('wagmi storage', () => {
  it('lives under @latch/wagmi', async () => {
    const backend = createMemoryStorage()
    const storage = createWagmiStorage(backend)
    await storage.setItem('recentConnectorId', 'io.rabby')
    expect(backend.getItem(`${WAGMI_STORAGE_KEY}.recentConnectorId`)).toBe('"io.rabby"')
    expect(await storage.getItem('recentConnectorId')).toBe('io.rabby')
  })

  it.each([
    ['not JSON', '{oops'],
    ['a foreign shape', '{"state":{"connections":5},"version":3}'],
  ])('drops a persisted store that is %s', async (_, raw) => {
    const backend = createMemoryStorage()
    backend.setItem(`${WAGMI_STORAGE_KEY}.store`, raw)
    const storage = createWagmiStorage(backend)
    expect(await storage.getItem('store')).toBeNull()
    expect(backend.getItem(`${WAGMI_STORAGE_KEY}.store`)).toBeNull()
  })

  it('reads the persisted store back without its connections, so a late hydration cannot replace live ones', async () => {
    const backend = createMemoryStorage()
    const stub = { accounts: ['0x1'], chainId: 1, connector: { id: 'io.rabby', uid: 'u1' } }
    backend.setItem(
      `${WAGMI_STORAGE_KEY}.store`,
      serialize({
        state: { connections: new Map([['u1', stub]]), chainId: 10, current: 'u1' },
        version: 3,
      }),
    )
    const storage = createWagmiStorage(backend)
    expect(await storage.getItem('store')).toEqual({ state: { chainId: 10 }, version: 3 })
  })
})
