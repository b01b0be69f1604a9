import { describe, expect, it } from 'vitest'
import { toPrefix } from './address.js'
import { cosmosChainOf, formatDenomAmount } from './chains.js'
import { cosmosDevNetwork, cosmosHubNetwork, osmosisNetwork } from './networks.js'
import { cosmosTraits, isCosmosAddressOn } from './traits.js'

const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

describe('Cosmos address rules', () => {
  it('an account is one of the chain it is sent on: the prefix decides', () => {
    expect(isCosmosAddressOn(WALLET, cosmosHubNetwork)).toBe(true)
    // The dev chain shares the Hub's prefix: told apart by id, both accept it.
    expect(isCosmosAddressOn(WALLET, cosmosDevNetwork)).toBe(true)
    expect(isCosmosAddressOn(WALLET, osmosisNetwork)).toBe(false)
    expect(isCosmosAddressOn(toPrefix(WALLET, 'osmo'), osmosisNetwork)).toBe(true)
    expect(isCosmosAddressOn(toPrefix(WALLET, 'osmo'), cosmosHubNetwork)).toBe(false)
  })

  it('a chain the table does not know accepts nothing', () => {
    expect(isCosmosAddressOn(WALLET, { id: 'unknown-1' })).toBe(false)
  })

  it('the traits take any account, lower-cased, and sign in with CAIP-122 as "Cosmos"', () => {
    expect(cosmosTraits.isAddress(WALLET)).toBe(true)
    expect(cosmosTraits.isAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false)
    expect(cosmosTraits.normalizeAddress(WALLET.toUpperCase())).toBe(WALLET)
    expect(cosmosTraits).toMatchObject({ signInMessage: 'caip122', label: 'Cosmos' })
    expect(cosmosTraits.sendCosts?.({})).toEqual([])
  })

  it('every network has chain data, the fee denom first, and amounts show in display units', () => {
    for (const network of [cosmosHubNetwork, osmosisNetwork, cosmosDevNetwork])
      expect(cosmosChainOf(network)?.denoms[0].symbol).toBe(network.nativeCurrency.symbol)
    expect(formatDenomAmount(1_500_000n, 6)).toBe('1.5')
    expect(formatDenomAmount(7n, 6)).toBe('0.000007')
    expect(formatDenomAmount(25_000_000n, 6)).toBe('25')
    expect(formatDenomAmount(42n, 0)).toBe('42')
  })
})
