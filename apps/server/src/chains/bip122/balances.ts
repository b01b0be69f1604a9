import type { WireBalance } from '../types.js'
import { btc } from './classify.js'
import type { EsploraAddress, EsploraClient } from './esplora.js'
import type { ParsedAddress } from './networks.js'

/** The second entry's `address`: no token has it, so older clients list it as a row of its own. */
export const UNCONFIRMED_SUFFIX = ':unconfirmed'

/**
 * BTC balances from Esplora's `/address/:address` (docs/bitcoin-server.md#balances):
 *  - the native entry is the confirmed balance (chain_stats: funded − spent);
 *  - when the mempool moves the address's coins, a second entry "Bitcoin (unconfirmed)" carries
 *    that change, signed (negative while a spend waits), `address` `<chainId>:unconfirmed`.
 * The wire's Balance has no field for it, and a second entry needs no schema change: a client
 * that knows nothing of it shows one more line rather than a wrong total.
 */
export async function bitcoinBalances(
  client: EsploraClient,
  viewer: ParsedAddress,
): Promise<WireBalance[]> {
  const answer = await client.json<EsploraAddress>(`/address/${viewer.address}`)
  const confirmed = answer.chain_stats.funded_txo_sum - answer.chain_stats.spent_txo_sum
  const unconfirmed = answer.mempool_stats.funded_txo_sum - answer.mempool_stats.spent_txo_sum
  const entry = (name: string, sats: number, address?: string): WireBalance => ({
    name,
    symbol: 'BTC',
    chainId: client.chain,
    ...(address ? { address } : {}),
    value: null,
    price: null,
    quantity: { decimals: '8', numeric: btc(sats) },
    iconUrl: '',
  })
  const balances = [entry('Bitcoin', confirmed)]
  if (unconfirmed !== 0)
    balances.push(
      entry('Bitcoin (unconfirmed)', unconfirmed, `${client.chain}${UNCONFIRMED_SUFFIX}`),
    )
  return balances
}
