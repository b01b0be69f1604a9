import type { WireBalance } from '../types.js'
import { type CosmosNetwork, denomOf, displayAmount } from './networks.js'
import type { Coin, CosmosNodeClient } from './node.js'

/** Pages of balances one account may have before the list is cut (100 denoms a page). */
const MAX_PAGES = 20

/**
 * Every bank denom of an account (`/cosmos/bank/v1beta1/balances`, following `next_key`), one
 * WireBalance each, in display units (docs/cosmos-server.md#balances). The chain's fee denom is
 * the native entry (no `address`); every other denom has `address` `<chainId>:<denom>` so a
 * client keys its rows apart. A denom the chain registry does not name is shown in base units.
 */
export async function cosmosBalances(
  client: CosmosNodeClient,
  network: CosmosNetwork,
  address: string,
): Promise<WireBalance[]> {
  const coins: Coin[] = []
  let key: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const search = new URLSearchParams({ 'pagination.limit': '100' })
    if (key) search.set('pagination.key', key)
    const answer: { balances: Coin[]; pagination?: { next_key: string | null } | null } =
      await client.rest(`/cosmos/bank/v1beta1/balances/${address}?${search}`)
    coins.push(...answer.balances)
    key = answer.pagination?.next_key ?? null
    if (!key) break
  }
  const native = network.denoms[0]?.base
  const rows = coins.map((coin): WireBalance => {
    const denom = denomOf(network, coin.denom)
    return {
      name: denom.name,
      symbol: denom.symbol,
      chainId: network.caip2,
      ...(coin.denom === native ? {} : { address: `${network.caip2}:${coin.denom}` }),
      value: null,
      price: null,
      quantity: {
        decimals: String(denom.exponent),
        numeric: displayAmount(coin.amount, denom.exponent),
      },
      iconUrl: '',
    }
  })
  // The native denom first, then the bank's order (by denom).
  return rows.sort((a, b) => Number(a.address !== undefined) - Number(b.address !== undefined))
}
