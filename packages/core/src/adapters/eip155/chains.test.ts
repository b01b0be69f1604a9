import type { Chain } from 'viem'
import * as viemChains from 'viem/chains'
import { describe, expect, it } from 'vitest'
import * as mainnets from './chains.js'
import { defineEvmNetwork, evmNetworks } from './networks.js'
import * as testnets from './testnetChains.js'

const KEPT_CONTRACTS = ['multicall3', 'ensRegistry', 'ensUniversalResolver', 'erc6492Verifier']

/** The part of a viem chain the plain registry promises to carry (addresses in any letter case). */
function kept(chain: Chain) {
  const contracts = Object.fromEntries(
    Object.entries(chain.contracts ?? {})
      .filter(([name]) => KEPT_CONTRACTS.includes(name))
      .map(([name, contract]) => {
        const { address, ...rest } = contract as { address: string }
        return [name, { address: address.toLowerCase(), ...rest }]
      }),
  )
  return {
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    blockTime: chain.blockTime,
    rpcUrls: { default: chain.rpcUrls.default },
    // name, url, apiUrl: the fields of viem's type (one testnet adds a field of its own).
    blockExplorers: chain.blockExplorers && {
      default: {
        name: chain.blockExplorers.default.name,
        url: chain.blockExplorers.default.url,
        apiUrl: chain.blockExplorers.default.apiUrl,
      },
    },
    contracts: Object.keys(contracts).length ? contracts : undefined,
    ensTlds: chain.ensTlds,
    sourceId: chain.sourceId,
    testnet: chain.testnet ?? false,
  }
}

const plain = (Object.entries({ ...mainnets, ...testnets }) as [string, unknown][]).filter(
  (entry): entry is [string, Chain] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'id' in entry[1],
)

describe('plain EVM chain data', () => {
  it('equals viem/chains for every field wagmi and viem read', () => {
    expect(plain.length).toBe(39)
    for (const [name, chain] of plain) {
      const viemChain = (viemChains as Record<string, Chain>)[name]
      expect(viemChain, name).toBeDefined()
      expect(kept({ ...chain, testnet: chain.testnet ?? false }), name).toEqual(kept(viemChain!))
    }
  })

  it('backs every shipped network, and carries no viem formatters, serializers or fee hooks', () => {
    const ids = new Set(plain.map(([, chain]) => chain.id))
    expect(evmNetworks.every((n) => ids.has(n.id))).toBe(true)
    for (const network of evmNetworks) {
      expect(network.formatters, network.name).toBeUndefined()
      expect(network.serializers, network.name).toBeUndefined()
      expect(network.fees, network.name).toBeUndefined()
    }
  })

  it("still takes viem's full chain, formatters and all, for an app that builds Celo or ZKsync transaction types", () => {
    const celo = defineEvmNetwork(viemChains.celo, 'celo')
    expect(celo.formatters).toBe(viemChains.celo.formatters)
    expect(celo.serializers).toBe(viemChains.celo.serializers)
    expect(celo.caipNetworkId).toBe('eip155:42220')
  })
})
