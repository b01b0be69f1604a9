import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as root from '../index.js'
import * as networksModule from './index.js'
import {
  bitcoinNetworks,
  type CaipNetwork,
  chainNamespaces,
  createDevNetwork,
  createUnknownNetwork,
  DEV_CHAIN_ID,
  defaultNetwork,
  devNetwork,
  evmMainnets,
  evmNetworks,
  evmTestnets,
  findNetwork,
  formatCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  solanaNetworks,
  withRpcProxy,
} from './index.js'

/** The module's exports as a plain record, to look names up. */
const networks: Record<string, unknown> = { ...networksModule }

const adaptersDir = fileURLToPath(new URL('../adapters', import.meta.url))

const isNetwork = (value: unknown): value is CaipNetwork =>
  typeof value === 'object' && value !== null && 'caipNetworkId' in value

/** Every shipped network: those in the lists the families export (dev networks are in none). */
const all = [
  ...new Set(Object.values(networks).flatMap((value) => (Array.isArray(value) ? value : []))),
].filter(isNetwork)

/**
 * What `@latch/core` (and networks/index.ts) exported before the families' networks were
 * re-exported from adapters/families.ts: a frozen list, so that moving a registration can never
 * drop a public name. Add to it; never remove.
 */
const EXPORTED_BEFORE = [
  'DEV_CHAIN_ID',
  'DEV_CHAIN_RPC_URL',
  'InvalidCaipIdError',
  'POLKADOT_DEV_GENESIS',
  'UNKNOWN_NETWORK_NAME',
  'arbitrumNetwork',
  'arbitrumNovaNetwork',
  'arbitrumSepoliaNetwork',
  'auroraNetwork',
  'avalancheFujiNetwork',
  'avalancheNetwork',
  'baseNetwork',
  'baseSepoliaNetwork',
  'bitcoinMainnet',
  'bitcoinNetworks',
  'bitcoinRegtest',
  'bitcoinSignet',
  'bitcoinTestnet',
  'blastNetwork',
  'blastSepoliaNetwork',
  'bscNetwork',
  'bscTestnetNetwork',
  'celestiaNetwork',
  'celoNetwork',
  'celoSepoliaNetwork',
  'chainNamespaces',
  'cosmosDevNetwork',
  'cosmosHubNetwork',
  'cosmosNetworks',
  'createDevNetwork',
  'createPolkadotDevNetwork',
  'createUnknownNetwork',
  'cronosNetwork',
  'defaultNetwork',
  'defineEvmNetwork',
  'devNetwork',
  'ethereumNetwork',
  'evmMainnets',
  'evmNetworks',
  'evmTestnets',
  'findNetwork',
  'formatCaipAddress',
  'formatCaipNetworkId',
  'gnosisChiadoNetwork',
  'gnosisNetwork',
  'isChainNamespace',
  'kusamaNetwork',
  'lineaNetwork',
  'lineaSepoliaNetwork',
  'mantleNetwork',
  'mantleSepoliaNetwork',
  'metisNetwork',
  'modeNetwork',
  'moonbeamNetwork',
  'optimismNetwork',
  'optimismSepoliaNetwork',
  'osmosisNetwork',
  'parseCaipAddress',
  'parseCaipNetworkId',
  'polkadotAssetHubNetwork',
  'polkadotNetwork',
  'polkadotNetworks',
  'polygonAmoyNetwork',
  'polygonNetwork',
  'polygonZkEvmNetwork',
  'scrollNetwork',
  'scrollSepoliaNetwork',
  'sepoliaNetwork',
  'solanaDevnet',
  'solanaLocalnet',
  'solanaMainnet',
  'solanaNetworks',
  'solanaTestnet',
  'ss58PrefixOf',
  'unichainNetwork',
  'unichainSepoliaNetwork',
  'westendNetwork',
  'withCosmosNodeUrls',
  'withRpcProxy',
  'zksyncNetwork',
  'zksyncSepoliaNetwork',
  'zoraNetwork',
  'zoraSepoliaNetwork',
]

describe('the registered families (adapters/families.ts)', () => {
  it('still export every name the networks module and the root exported before', () => {
    for (const name of EXPORTED_BEFORE) {
      expect(networks, name).toHaveProperty(name)
      expect(root, name).toHaveProperty(name)
    }
  })

  it("re-export every family folder's networks.ts, whole, and name its namespace", async () => {
    const folders = readdirSync(adaptersDir).filter((name) =>
      existsSync(path.join(adaptersDir, name, 'networks.ts')),
    )
    expect(folders.length).toBeGreaterThanOrEqual(5)
    for (const folder of folders) {
      const own = (await import(`../adapters/${folder}/networks.ts`)) as Record<string, unknown>
      for (const [name, value] of Object.entries(own))
        expect(networks[name], `${folder}: ${name}`).toBe(value)
      const namespaces = Object.values(own)
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .filter(isNetwork)
        .map((n) => n.chainNamespace)
      expect(namespaces.length, folder).toBeGreaterThan(0)
      for (const namespace of namespaces) expect(chainNamespaces, folder).toContain(namespace)
    }
    expect([...chainNamespaces].sort()).toEqual(folders.sort())
  })

  it('give each namespace a shipped network', () => {
    for (const namespace of chainNamespaces)
      expect(
        all.some((n) => n.chainNamespace === namespace),
        namespace,
      ).toBe(true)
  })
})

describe('network registry', () => {
  it('ships the mainstream EVM chains, their testnets, 3 Solana, 2 Bitcoin, Polkadot and Cosmos Hub', () => {
    expect(evmMainnets.map((n) => n.id)).toEqual(
      expect.arrayContaining([1, 10, 42161, 8453, 137, 56, 43114, 100, 324, 59144, 534352, 42220]),
    )
    expect(evmMainnets.map((n) => n.id)).toEqual(
      expect.arrayContaining([5000, 81457, 7777777, 1313161554]),
    )
    expect(evmMainnets.length).toBeGreaterThanOrEqual(20)
    expect(evmTestnets.map((n) => n.id)).toContain(11155111)
    expect(evmTestnets.every((n) => n.testnet)).toBe(true)
    expect(evmMainnets.every((n) => !n.testnet)).toBe(true)
    expect(solanaNetworks.map((n) => n.name)).toEqual(['Solana', 'Solana Testnet', 'Solana Devnet'])
    expect(bitcoinNetworks.map((n) => n.testnet)).toEqual([false, true])
  })

  it('gives every network the full shape, with unique CAIP-2 ids matching namespace and id', () => {
    for (const network of all) {
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
      expect(network.name).toBeTruthy()
      expect(typeof network.testnet).toBe('boolean')
      expect(network.assets.imageId).toBeTruthy()
      expect(network.rpcUrls.default.http.length).toBeGreaterThan(0)
      expect(network.nativeCurrency.symbol).toBeTruthy()
      expect(network.blockExplorers?.default.url).toMatch(/^https:\/\//)
    }
    expect(new Set(all.map((n) => n.caipNetworkId)).size).toBe(all.length)
  })

  it('defaults to eip155:1', () => {
    expect(defaultNetwork.caipNetworkId).toBe('eip155:1')
  })

  it('keeps the dev chain out of the shipped list', () => {
    expect(devNetwork).toMatchObject({ id: DEV_CHAIN_ID, caipNetworkId: 'eip155:31337' })
    expect(evmNetworks.some((n) => n.id === DEV_CHAIN_ID)).toBe(false)
    expect(createDevNetwork('http://127.0.0.1:9999').rpcUrls.default.http).toEqual([
      'http://127.0.0.1:9999',
    ])
  })
})

describe('CAIP helpers', () => {
  it('parses and formats network ids and addresses', () => {
    expect(parseCaipNetworkId('eip155:10')).toEqual({ chainNamespace: 'eip155', chainId: '10' })
    expect(() => parseCaipNetworkId('tron:1')).toThrow('Invalid CAIP id: tron:1')
    expect(() => parseCaipNetworkId('eip155')).toThrow()
    expect(formatCaipAddress('eip155', 1, '0xabc')).toBe('eip155:1:0xabc')
    expect(parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc')).toEqual({
      chainNamespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'abc',
    })
    expect(() => parseCaipAddress('eip155:1')).toThrow()
  })

  it('finds a network by CAIP id or by chain id within a namespace', () => {
    expect(findNetwork(all, 'eip155:10')?.name).toBe('OP Mainnet')
    expect(findNetwork(all, 10, 'eip155')?.name).toBe('OP Mainnet')
    expect(findNetwork(all, '10', 'solana')).toBeUndefined()
  })

  it("names an unknown network 'Unknown Network'", () => {
    expect(createUnknownNetwork('eip155', 77)).toMatchObject({
      caipNetworkId: 'eip155:77',
      name: 'Unknown Network',
    })
  })

  it('points a network at the Latch RPC proxy in the URL form of docs/behaviour.md#wire', () => {
    const proxied = withRpcProxy(defaultNetwork, 'http://localhost:8787', 'p1')
    expect(proxied.rpcUrls.default.http).toEqual([
      'http://localhost:8787/v1/?chainId=eip155%3A1&projectId=p1',
    ])
  })
})
