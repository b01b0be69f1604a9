import type { ApiPromise } from '@polkadot/api'
import { type AccountDataFields, balanceOf, type PolkadotBalance } from './balance.js'

type Amount = { toBigInt(): bigint } | undefined

/** `System.Account(address).data` in either AccountData shape (balance.ts). */
export async function readBalance(api: ApiPromise, address: string): Promise<PolkadotBalance> {
  const account = (await api.query.system?.account?.(address)) as unknown as
    | { data: Record<string, Amount> }
    | undefined
  if (!account) return balanceOf({ free: 0n, reserved: 0n })
  const { data } = account
  const read = (field: string) => (data[field] as Amount)?.toBigInt()
  const fields: AccountDataFields = {
    free: read('free') ?? 0n,
    reserved: read('reserved') ?? 0n,
    frozen: read('frozen'),
    miscFrozen: read('miscFrozen'),
    feeFrozen: read('feeFrozen'),
  }
  return balanceOf(fields)
}

/** The chain's existential deposit (Balances' constant), in planck. */
export function existentialDepositOf(api: ApiPromise): bigint {
  const constant = api.consts.balances?.existentialDeposit as unknown as Amount
  return constant?.toBigInt() ?? 0n
}
