import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../storage/backend.js'
import { attachCosmosTestWallet, createCosmosTestSigner } from '../../testing/cosmosWallet.js'
import { COSMOS_CONNECTION_KEY } from './connection.js'
import { createLazyCosmosAdapter } from './lazy.js'
import { cosmosHubNetwork, osmosisNetwork } from './networks.js'

const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

beforeEach(() => {
  ;(globalThis as { window?: unknown }).window = new EventTarget()
})
afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

describe('createLazyCosmosAdapter', () => {
  it('lists the wallets at once; a start without a saved connection asks the wallet nothing', async () => {
    const signer = createCosmosTestSigner()
    attachCosmosTestWallet(signer, { way: 'cosmostation', bridge: '__cosmos' })
    const adapter = createLazyCosmosAdapter({
      networks: [cosmosHubNetwork],
      storage: createMemoryStorage(),
    })
    expect(adapter.getConnectors().map((c) => c.id)).toEqual(['keplr:cosmostation'])
    expect(await adapter.reconnect()).toEqual([])
    expect(signer.requests).toEqual([])
  })

  it('loads on connect, keeps the connection, follows a network switch to the account there', async () => {
    const signer = createCosmosTestSigner()
    attachCosmosTestWallet(signer, { way: 'keplr', bridge: '__cosmos' })
    const storage = createMemoryStorage()
    const adapter = createLazyCosmosAdapter({
      networks: [cosmosHubNetwork, osmosisNetwork],
      storage,
    })
    const result = await adapter.connect({ connectorId: 'keplr:keplr' })
    expect(result.accounts).toEqual([{ address: WALLET }])
    expect(JSON.parse(storage.getItem(COSMOS_CONNECTION_KEY) ?? '{}')).toEqual({
      connectorId: 'keplr:keplr',
      chainId: 'cosmoshub-4',
    })
    const moved = new Promise((resolve) => adapter.on('accountChanged', resolve))
    await adapter.switchNetwork({ network: osmosisNetwork })
    // One key, the Osmosis prefix: the same account there.
    await expect(moved).resolves.toMatchObject({ address: expect.stringMatching(/^osmo1/) })
    await adapter.disconnect()
    expect(storage.getItem(COSMOS_CONNECTION_KEY)).toBeNull()
  })

  it('a disconnect before loading forgets the saved connection', async () => {
    const storage = createMemoryStorage()
    storage.setItem(COSMOS_CONNECTION_KEY, JSON.stringify({ connectorId: 'keplr:keplr' }))
    const adapter = createLazyCosmosAdapter({ networks: [cosmosHubNetwork], storage })
    await adapter.disconnect()
    expect(storage.getItem(COSMOS_CONNECTION_KEY)).toBeNull()
  })
})
