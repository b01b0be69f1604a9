import type { WireBalance } from '../types.js'
import { units } from './history.js'
import type { PolkadotNode } from './node.js'

/** The suffixes of the extra entries' `address`: no token has one, so old clients list them apart. */
export const RESERVED_SUFFIX = ':reserved'
export const FROZEN_SUFFIX = ':frozen'

interface AccountData {
  free: bigint
  reserved: bigint
  /** The part of `free` that may not be spent (locks, freezes). */
  frozen: bigint
}

/**
 * `System.Account`'s data in either layout: today's `frozen` (which may overlap `reserved`), or
 * older runtimes' `miscFrozen`/`feeFrozen` (which apply to `free` alone; the dev chain's).
 */
export function accountData(data: Record<string, { toString(): string } | undefined>): AccountData {
  const n = (key: string) => BigInt(data[key]?.toString() ?? '0')
  const free = n('free')
  const reserved = n('reserved')
  if (data.frozen !== undefined) {
    const overlap = n('frozen') - reserved
    return { free, reserved, frozen: overlap > 0n ? (overlap > free ? free : overlap) : 0n }
  }
  const frozen = n('miscFrozen') > n('feeFrozen') ? n('miscFrozen') : n('feeFrozen')
  return { free, reserved, frozen: frozen > free ? free : frozen }
}

/**
 * Native balances from `System.Account` at the best block (docs/polkadot-server.md#balances):
 * the first entry is what can be sent (free less frozen); "reserved" and "frozen" entries follow
 * when not zero, so the entries add up to the account's total.
 */
export async function polkadotBalances(
  node: PolkadotNode,
  account: string,
): Promise<WireBalance[]> {
  const info = (await node.api.query.system.account(account)) as unknown as {
    data: Record<string, { toString(): string } | undefined> & { toJSON(): unknown }
  }
  const raw = info.data.toJSON() as Record<string, unknown>
  const data = accountData(Object.fromEntries(Object.keys(raw).map((key) => [key, info.data[key]])))
  const { caip2 } = node.chain
  const entry = (name: string, planck: bigint, address?: string): WireBalance => ({
    name,
    symbol: node.symbol,
    chainId: caip2,
    ...(address ? { address } : {}),
    value: null,
    price: null,
    quantity: { decimals: String(node.decimals), numeric: units(planck, node.decimals) },
    iconUrl: '',
  })
  const balances = [entry(node.symbol, data.free - data.frozen)]
  if (data.reserved > 0n)
    balances.push(entry(`${node.symbol} (reserved)`, data.reserved, `${caip2}${RESERVED_SUFFIX}`))
  if (data.frozen > 0n)
    balances.push(entry(`${node.symbol} (frozen)`, data.frozen, `${caip2}${FROZEN_SUFFIX}`))
  return balances
}
