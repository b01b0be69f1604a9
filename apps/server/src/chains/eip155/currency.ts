import * as viemChains from 'viem/chains'
import type { NativeCurrency } from './wire.js'

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

let currencies: Map<number, NativeCurrency> | undefined

/** The chain's native currency from viem's chain list (anvil's 31337 is Ether). */
export function nativeCurrencyOf(chainId: number): NativeCurrency {
  if (!currencies) {
    currencies = new Map()
    for (const chain of Object.values(viemChains) as {
      id?: number
      nativeCurrency?: NativeCurrency
    }[])
      if (typeof chain?.id === 'number' && chain.nativeCurrency && !currencies.has(chain.id))
        currencies.set(chain.id, chain.nativeCurrency)
    currencies.set(31337, ETHER)
  }
  return currencies.get(chainId) ?? ETHER
}
