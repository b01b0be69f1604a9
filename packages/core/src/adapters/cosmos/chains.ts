/**
 * What a wallet and a transaction need to know of each Cosmos chain beyond its CaipNetwork: the
 * bech32 prefix of its accounts, its bank denoms with display units (the fee denom first) and the
 * gas price a send offers. Plain data, read by the traits that load with the page. A chain the
 * table does not know is refused by the adapter, never guessed (its prefix decides where coins go).
 */
import type { CaipNetwork } from '../../networks/types.js'

export interface CosmosDenom {
  /** The base denom the bank module keeps, e.g. `uatom`. */
  base: string
  symbol: string
  /** Display = base / 10^decimals. */
  decimals: number
}

export interface CosmosChain {
  chainId: string
  /** Bech32 human-readable part of its accounts' addresses. */
  prefix: string
  /** The first is the fee (native) denom. */
  denoms: readonly [CosmosDenom, ...CosmosDenom[]]
  /** Fee per unit of gas in the fee denom's base units: low, average, high (Keplr's steps). */
  gasPrice: { low: number; average: number; high: number }
  /** SLIP-44 coin type of its keys; 118 is the Hub's, which most chains share. */
  coinType: number
}

export const COSMOS_CHAINS: readonly CosmosChain[] = [
  {
    chainId: 'cosmoshub-4',
    prefix: 'cosmos',
    denoms: [{ base: 'uatom', symbol: 'ATOM', decimals: 6 }],
    gasPrice: { low: 0.01, average: 0.025, high: 0.03 },
    coinType: 118,
  },
  {
    chainId: 'osmosis-1',
    prefix: 'osmo',
    denoms: [
      { base: 'uosmo', symbol: 'OSMO', decimals: 6 },
      { base: 'uion', symbol: 'ION', decimals: 6 },
    ],
    gasPrice: { low: 0.0025, average: 0.025, high: 0.04 },
    coinType: 118,
  },
  {
    chainId: 'celestia',
    prefix: 'celestia',
    denoms: [{ base: 'utia', symbol: 'TIA', decimals: 6 }],
    gasPrice: { low: 0.01, average: 0.02, high: 0.1 },
    coinType: 118,
  },
  {
    // The dev node's `minimum-gas-prices` is 0.025ustake (docs/cosmos-node.md).
    chainId: 'latchdev-1',
    prefix: 'cosmos',
    denoms: [
      { base: 'ustake', symbol: 'STAKE', decimals: 6 },
      { base: 'ulatch', symbol: 'LATCH', decimals: 6 },
    ],
    gasPrice: { low: 0.025, average: 0.025, high: 0.04 },
    coinType: 118,
  },
]

/** The chain of a network (by chain id: the Hub and the dev chain share a prefix). */
export function cosmosChainOf(network: Pick<CaipNetwork, 'id'>): CosmosChain | undefined {
  return COSMOS_CHAINS.find((chain) => chain.chainId === String(network.id))
}

/** The fee denom first, then how a denom the table does not name is shown: in base units. */
export function denomOf(chain: CosmosChain, denom: string): CosmosDenom {
  return chain.denoms.find((d) => d.base === denom) ?? { base: denom, symbol: denom, decimals: 0 }
}

/** Base units as a decimal string in display units: (1500000n, 6) → "1.5". */
export function formatDenomAmount(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString()
  const scale = 10n ** BigInt(decimals)
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${units / scale}${fraction ? `.${fraction}` : ''}`
}
