import { describe, expect, it } from 'vitest'
import { keplrChainInfo } from './chainInfo.js'
import { type COSMOS_CHAINS, cosmosChainOf } from './chains.js'
import { CosmosWalletError, CosmosWalletRejectedError } from './errors.js'
import type { CosmosWallet, KeplrLike } from './keplr.js'
import { cosmosDevNetwork, withCosmosNodeUrls } from './networks.js'
import { enableChain, keyOn, signerFor } from './wallet.js'

const dev = withCosmosNodeUrls(cosmosDevNetwork, {
  rpc: 'http://127.0.0.1:1',
  rest: 'http://127.0.0.1:2',
})
const chain = cosmosChainOf(dev) as (typeof COSMOS_CHAINS)[number]
const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

function walletWith(api: Partial<KeplrLike>, calls: string[] = []): CosmosWallet {
  const full = {
    enable: async () => {},
    getKey: async () => ({ bech32Address: WALLET, isNanoLedger: false }),
    signArbitrary: async () => ({}),
    ...api,
  } as unknown as KeplrLike
  const logged = new Proxy(full, {
    get: (target, key) => {
      const value = target[key as keyof KeplrLike]
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(key))
        return (value as (...a: unknown[]) => unknown)(...args)
      }
    },
  })
  return {
    id: 'keplr:keplr',
    name: 'Keplr',
    keystoreEvent: 'keplr_keystorechange',
    api: () => logged,
  }
}

describe('enableChain', () => {
  it('suggests a chain the wallet lacks, then enables it', async () => {
    const calls: string[] = []
    let known = false
    const wallet = walletWith(
      {
        enable: async () => {
          if (!known) throw new Error('There is no chain info for latchdev-1')
        },
        experimentalSuggestChain: async () => {
          known = true
        },
      },
      calls,
    )
    await enableChain(wallet, dev, chain, { silent: false })
    expect(calls).toEqual(['enable', 'experimentalSuggestChain', 'enable'])
  })

  it('a refusal is the visitor’s: typed, and nothing is suggested', async () => {
    const calls: string[] = []
    const wallet = walletWith(
      {
        enable: async () => {
          throw new Error('Request rejected')
        },
        experimentalSuggestChain: async () => {},
      },
      calls,
    )
    await expect(enableChain(wallet, dev, chain, { silent: false })).rejects.toBeInstanceOf(
      CosmosWalletRejectedError,
    )
    expect(calls).toEqual(['enable'])
  })

  it('a reload never suggests a chain the user removed', async () => {
    const calls: string[] = []
    const wallet = walletWith(
      {
        enable: async () => {
          throw new Error('There is no chain info for latchdev-1')
        },
        experimentalSuggestChain: async () => {},
      },
      calls,
    )
    await expect(enableChain(wallet, dev, chain, { silent: true })).rejects.toBeInstanceOf(
      CosmosWalletError,
    )
    expect(calls).toEqual(['enable'])
  })

  it('a wallet that cannot add chains says so', async () => {
    const wallet = walletWith({
      enable: async () => {
        throw new Error('unknown chain')
      },
    })
    await expect(enableChain(wallet, dev, chain, { silent: false })).rejects.toThrow(
      /has no Latch Dev Cosmos and cannot add it/,
    )
  })
})

describe('keyOn', () => {
  it('refuses a key whose address is another chain’s (a wallet answering the wrong chain)', async () => {
    const wallet = walletWith({
      getKey: async () =>
        ({ bech32Address: 'osmo1erxf3sa9q2j4vgseu7jq4a258ckmk7cy0zz5zn' }) as never,
    })
    await expect(keyOn(wallet, chain)).rejects.toThrow(/not latchdev-1's/)
  })

  it('returns the key of the chain', async () => {
    await expect(keyOn(walletWith({}), chain)).resolves.toMatchObject({ bech32Address: WALLET })
  })
})

describe('signerFor', () => {
  const direct = { getAccounts: async () => [], signDirect: async () => ({}) as never }
  const amino = { getAccounts: async () => [], signAmino: async () => ({}) as never }
  it('direct for a software key, amino for a Ledger or a wallet that offers only amino', () => {
    const both = walletWith({
      getOfflineSigner: () => direct,
      getOfflineSignerOnlyAmino: () => amino,
    })
    expect(signerFor(both, chain, { isNanoLedger: false }).mode).toBe('direct')
    expect(signerFor(both, chain, { isNanoLedger: true }).mode).toBe('amino')
    const aminoOnly = walletWith({ getOfflineSignerOnlyAmino: () => amino })
    expect(signerFor(aminoOnly, chain, { isNanoLedger: false }).mode).toBe('amino')
    expect(() => signerFor(walletWith({}), chain, { isNanoLedger: false })).toThrow(/no signer/)
  })
})

describe('keplrChainInfo', () => {
  it('tells the wallet the node, the key path, the prefixes and the fee denom with its gas prices', () => {
    const info = keplrChainInfo(dev, chain)
    expect(info).toMatchObject({
      chainId: 'latchdev-1',
      rpc: 'http://127.0.0.1:1',
      rest: 'http://127.0.0.1:2',
      bip44: { coinType: 118 },
      bech32Config: { bech32PrefixAccAddr: 'cosmos', bech32PrefixValAddr: 'cosmosvaloper' },
      stakeCurrency: { coinMinimalDenom: 'ustake', coinDecimals: 6 },
    })
    expect(info.currencies.map((c) => c.coinDenom)).toEqual(['STAKE', 'LATCH'])
    expect(info.feeCurrencies[0]?.gasPriceStep.average).toBe(0.025)
  })
})
