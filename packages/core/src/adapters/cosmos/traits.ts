import type { CaipNetwork } from '../../networks/types.js'
import type { NamespaceTraits } from '../shared/traits.js'
import { parseCosmosAddress } from './address.js'
import { cosmosChainOf } from './chains.js'

/**
 * What a Cosmos send's estimate carries for the adapter: the gas limit it simulated to and the
 * gas price the fee was computed at. Cosmos charges nothing beyond the fee, so `sendCosts` is empty.
 */
export interface CosmosSendDetail {
  gasLimit: number
  /** In the fee denom's base units per gas. */
  gasPrice: number
  feeDenom: string
}

/**
 * Whether `address` is an account of `network`: bech32 with a valid checksum and the chain's own
 * prefix (an `osmo1…` account on the Hub would be coins sent nowhere). A chain the table does not
 * know has no rule, so nothing is its address.
 */
export function isCosmosAddressOn(address: string, network: Pick<CaipNetwork, 'id'>): boolean {
  const chain = cosmosChainOf(network)
  const parsed = parseCosmosAddress(address)
  return chain !== undefined && parsed !== undefined && parsed.prefix === chain.prefix
}

/**
 * Cosmos accounts (docs/cosmos.md). The traits know no network, so any account of a known chain
 * passes here; the adapter checks the prefix of the network a send is on (isCosmosAddressOn).
 * Plain code: no cosmjs loads with it.
 */
export const cosmosTraits: NamespaceTraits = {
  namespace: 'cosmos',
  label: 'Cosmos',
  isAddress: (address) => parseCosmosAddress(address) !== undefined,
  normalizeAddress: (address) => parseCosmosAddress(address)?.address ?? address,
  signInMessage: 'caip122',
  features: { balance: true, send: true, names: false },
  sendCosts: () => [],
}
