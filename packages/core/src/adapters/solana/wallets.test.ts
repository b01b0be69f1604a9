import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../storage/backend.js'
import { createSolanaTestWallet, registerSolanaWallet } from '../../testing/solanaWallet.js'
import { createSolanaAdapter } from './adapter.js'
import { solanaLocalnet } from './networks.js'

const ADDRESS = '8MpFq5WFQUJ3AdbSPRafoXwSyZ3xJTGNQDQjup7rWSwD'
const wallet = (name: string, chains: string[] = [solanaLocalnet.caipNetworkId]) =>
  createSolanaTestWallet({
    name,
    address: ADDRESS,
    sign: async () => new Uint8Array(64),
    chains,
    rpcUrls: {},
  })

// The wallet standard's handshake runs on `window`; in Node an EventTarget plays it.
beforeEach(() => {
  ;(globalThis as { window?: unknown }).window = new EventTarget()
})
afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

describe('wallet discovery through the wallet standard', () => {
  it('finds wallets registered before and after the app, and only Solana ones', async () => {
    registerSolanaWallet(wallet('Early Wallet'))
    registerSolanaWallet(wallet('EVM Only Wallet', ['eip155:1']))
    const adapter = createSolanaAdapter({
      networks: [solanaLocalnet],
      storage: createMemoryStorage(),
    })
    const seen: string[][] = []
    adapter.on('connectors', (list) => seen.push(list.map((c) => c.name)))
    expect(adapter.getConnectors().map((c) => c.name)).toEqual(['Early Wallet'])
    registerSolanaWallet(wallet('Late Wallet'))
    expect(adapter.getConnectors().map((c) => c.name)).toEqual(['Early Wallet', 'Late Wallet'])
    expect(seen.at(-1)).toEqual(['Early Wallet', 'Late Wallet'])
  })

  it('refuses networks of another namespace, and an unknown connector', async () => {
    expect(() =>
      createSolanaAdapter({
        networks: [{ ...solanaLocalnet, chainNamespace: 'eip155' }],
        storage: createMemoryStorage(),
      }),
    ).toThrow()
    const adapter = createSolanaAdapter({
      networks: [solanaLocalnet],
      storage: createMemoryStorage(),
    })
    await expect(adapter.connect({ connectorId: 'wallet-standard:Nobody' })).rejects.toThrow(
      /Nobody/,
    )
  })
})
