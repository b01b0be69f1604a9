import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConnectorChainsUnsupportedError } from '../../errors/errors.js'
import { errorMessages } from '../../errors/messages.js'
import { createMemoryStorage } from '../../storage/backend.js'
import {
  attachBitcoinTestWallet,
  type BitcoinTestNetwork,
  type BitcoinTestWalletWay,
  createBitcoinTestSigner,
} from '../../testing/bitcoinWallet.js'
import { BITCOIN_CONNECTION_KEY, createBitcoinAdapter } from './adapter.js'
import { createLazyBitcoinAdapter } from './lazy.js'
import { bitcoinMainnet, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from './networks.js'

const PAYMENT = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const ORDINAL = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'
const WAYS: BitcoinTestWalletWay[] = ['wallet-standard', 'sats-connect', 'unisat']
const ID: Record<BitcoinTestWalletWay, string> = {
  'wallet-standard': 'wallet-standard:Latch Bitcoin Test Wallet',
  'sats-connect': 'sats-connect:LatchTestWallet.BitcoinProvider',
  unisat: 'injected:unisat',
}

// The page's window: the wallet standard's handshake is its events, the other ways its properties.
const attached: Array<{ remove(): void }> = []
const attach = (...args: Parameters<typeof attachBitcoinTestWallet>) => {
  const wallet = attachBitcoinTestWallet(...args)
  attached.push(wallet)
  return wallet
}
// jsdom's window (this file runs in the isolated DOM project: the wallet standard's app is a
// singleton bound to the first window it sees, which must not be another file's).
const page = (globalThis as unknown as { window: Record<string, unknown> }).window
const own = new Set(Object.keys(page))
beforeEach(() => {
  for (const key of Object.keys(page)) if (!own.has(key)) delete page[key]
})
afterEach(() => {
  for (const wallet of attached.splice(0)) wallet.remove()
})

function setup(
  way: BitcoinTestWalletWay,
  options: { networks?: BitcoinTestNetwork[]; appNetworks?: (typeof bitcoinRegtest)[] } = {},
) {
  const networks = options.networks ?? ['regtest']
  const signer = createBitcoinTestSigner({ networks })
  const wallet = attach(signer, { way, bridge: `__btc_${way}`, networks })
  const storage = createMemoryStorage()
  const adapter = createBitcoinAdapter({
    networks: options.appNetworks ?? [bitcoinRegtest],
    storage,
  })
  return { signer, wallet, storage, adapter }
}

describe('Bitcoin wallet discovery', () => {
  it.each(WAYS)('finds a wallet that registers the %s way, as one connector', (way) => {
    const { adapter } = setup(way)
    expect(adapter.getConnectors()).toEqual([
      expect.objectContaining({ id: ID[way], chain: 'bip122', type: 'ANNOUNCED' }),
    ])
  })

  it('keeps one connector for a wallet seen two ways, its wallet-standard side', () => {
    const signer = createBitcoinTestSigner()
    attach(signer, { way: 'sats-connect', bridge: '__a', name: 'Xverse' })
    attach(signer, { way: 'wallet-standard', bridge: '__b', name: 'Xverse' })
    attach(signer, {
      way: 'unisat',
      bridge: '__c',
      path: 'okxwallet.bitcoin',
    })
    const adapter = createBitcoinAdapter({ networks: [bitcoinRegtest] })
    expect(adapter.getConnectors().map((c) => c.id)).toEqual([
      'wallet-standard:Xverse',
      'injected:okx',
    ])
  })

  it('announces a wallet-standard wallet that registers after the app', () => {
    const adapter = createBitcoinAdapter({ networks: [bitcoinRegtest] })
    const seen: string[][] = []
    adapter.on('connectors', (list) => seen.push(list.map((c) => c.id)))
    expect(adapter.getConnectors()).toEqual([])
    attach(createBitcoinTestSigner(), { way: 'wallet-standard', bridge: '__x' })
    expect(seen.at(-1)).toEqual([ID['wallet-standard']])
  })
})

describe.each(WAYS)('a Bitcoin wallet found the %s way', (way) => {
  it('connects with the payment account first and the ordinal second, keys and paths', async () => {
    const { adapter, storage } = setup(way)
    const result = await adapter.connect({ connectorId: ID[way] })
    expect(result.connectorId).toBe(ID[way])
    expect(result.chainId).toBe(bitcoinRegtest.id)
    expect(result.accounts[0]).toMatchObject({ address: PAYMENT, type: 'payment' })
    expect(result.accounts[0]?.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    if (way === 'unisat') expect(result.accounts).toHaveLength(1)
    else {
      expect(result.accounts[1]).toMatchObject({ address: ORDINAL, type: 'ordinal' })
      expect(result.accounts[1]?.publicKey).toMatch(/^[0-9a-f]{64}$/)
    }
    if (way === 'sats-connect' || way === 'wallet-standard')
      expect(result.accounts[0]?.publicKey).toBeTruthy()
    expect(storage.getItem(BITCOIN_CONNECTION_KEY)).toBe(ID[way])
  })

  it('reconnects silently after a reload, and not after a disconnect', async () => {
    const { adapter, storage, signer } = setup(way)
    await adapter.connect({ connectorId: ID[way] })
    const reloaded = createBitcoinAdapter({ networks: [bitcoinRegtest], storage })
    const [restored] = await reloaded.reconnect()
    expect(restored?.accounts[0]?.address).toBe(PAYMENT)
    expect(signer.requests).toContain('connect (silent)')
    await reloaded.disconnect()
    expect(storage.getItem(BITCOIN_CONNECTION_KEY)).toBeNull()
    expect(await createBitcoinAdapter({ networks: [bitcoinRegtest], storage }).reconnect()).toEqual(
      [],
    )
  })

  it('passes the wallet’s refusal on as a rejection (code 4001)', async () => {
    const { adapter, signer } = setup(way)
    signer.setBehaviour({ reject: ['connect'] })
    await expect(adapter.connect({ connectorId: ID[way] })).rejects.toMatchObject({
      code: 4001,
      category: 'USER_REJECTED',
    })
  })

  it('refuses a regtest-only wallet for a mainnet-only app with the spec’s message', async () => {
    const { adapter } = setup(way, { appNetworks: [bitcoinMainnet] })
    const attempt = adapter.connect({ connectorId: ID[way] })
    await expect(attempt).rejects.toBeInstanceOf(ConnectorChainsUnsupportedError)
    await expect(attempt).rejects.toThrow(errorMessages.connectorChainsUnsupported)
    expect(adapter.getAccounts()).toEqual([])
  })

  it('signs a message with BIP-322 by default and ECDSA when asked', async () => {
    const { adapter } = setup(way)
    const { bitcoinMessageVerifier } = await import('./messageVerifier.js')
    await adapter.connect({ connectorId: ID[way] })
    const signature = await adapter.signMessage({ address: PAYMENT, message: 'hello' })
    expect(
      await bitcoinMessageVerifier.verifyMessage({ address: PAYMENT, message: 'hello', signature }),
    ).toBe(true)
    // A BIP-322 simple signature is a witness (stack of 2 for P2WPKH), not 65 bytes.
    expect(atob(signature).charCodeAt(0)).toBe(2)
    if (way !== 'wallet-standard') {
      const ecdsa = await adapter.signMessage({
        address: PAYMENT,
        message: 'hi',
        protocol: 'ecdsa',
      })
      expect(atob(ecdsa)).toHaveLength(65)
      expect(
        await bitcoinMessageVerifier.verifyMessage({
          address: PAYMENT,
          message: 'hi',
          signature: ecdsa,
        }),
      ).toBe(true)
    }
  })

  it('follows the wallet’s account events and its disconnect', async () => {
    const { adapter, wallet } = setup(way)
    await adapter.connect({ connectorId: ID[way] })
    const changed: string[] = []
    const dropped: string[] = []
    adapter.on('accountChanged', (e) => changed.push(e.address))
    adapter.on('disconnect', (e) => dropped.push(e.connectorId))
    wallet.emit('accountsChanged')
    await expect.poll(() => changed).toEqual([PAYMENT])
    wallet.emit('disconnect')
    await expect.poll(() => dropped).toEqual([ID[way]])
    expect(adapter.getAccounts()).toEqual([])
  })
})

describe('switching networks', () => {
  it.each(['sats-connect', 'unisat'] as const)(
    'asks a %s wallet to switch and reads its new addresses',
    async (way) => {
      const { adapter, signer } = setup(way, {
        networks: ['regtest', 'testnet'],
        appNetworks: [bitcoinRegtest, bitcoinTestnet],
      })
      await adapter.connect({ connectorId: ID[way] })
      const switched: Array<string | number> = []
      adapter.on('switchNetwork', (e) => switched.push(e.chainId))
      await adapter.switchNetwork({ network: bitcoinTestnet })
      expect(signer.network).toBe('testnet')
      expect(adapter.getAccounts()[0]?.address).toMatch(/^tb1q/)
      expect(switched).toContain(bitcoinTestnet.id)
    },
  )

  it('refuses a network the wallet does not have, and keeps the connection', async () => {
    const { adapter } = setup('sats-connect', {
      appNetworks: [bitcoinRegtest, bitcoinSignet],
    })
    await adapter.connect({ connectorId: ID['sats-connect'] })
    await expect(adapter.switchNetwork({ network: bitcoinSignet })).rejects.toThrow(/signet/i)
    expect(adapter.getAccounts()[0]?.address).toBe(PAYMENT)
  })
})

describe('createLazyBitcoinAdapter', () => {
  it('lists wallets without loading the adapter, and loads it to connect', async () => {
    const signer = createBitcoinTestSigner()
    attach(signer, { way: 'unisat', bridge: '__lazy' })
    const storage = createMemoryStorage()
    const lazy = createLazyBitcoinAdapter({ networks: [bitcoinRegtest], storage })
    expect(lazy.getConnectors().map((c) => c.id)).toEqual(['injected:unisat'])
    expect(await lazy.reconnect()).toEqual([])
    expect(signer.requests).toEqual([])
    const result = await lazy.connect({ connectorId: 'injected:unisat' })
    expect(result.accounts[0]?.address).toBe(PAYMENT)
    expect(lazy.getAccounts()[0]).toMatchObject({ address: PAYMENT, type: 'payment' })
  })
})
