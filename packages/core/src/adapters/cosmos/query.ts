/**
 * The chain reads a connection needs, as protobuf ABCI queries (cosmjs-types' generated codecs,
 * one module each, so the bundle takes only these): an account's number and sequence, bank
 * balances, a simulation's gas, and a transaction's result.
 */
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { CosmosWalletError } from './errors.js'
import { type CometRpc, CosmosQueryError, fromHex, toBase64 } from './rpc.js'

export interface AccountNumbers {
  accountNumber: bigint
  sequence: bigint
}

// The SDK's "key not found" for an account the chain never saw (x/auth's NotFound).
const NOT_FOUND = 22

/** The signer's account number and sequence; an account the chain never saw cannot sign yet. */
export async function accountNumbers(rpc: CometRpc, address: string): Promise<AccountNumbers> {
  let bytes: Uint8Array
  try {
    bytes = await rpc.abciQuery(
      '/cosmos.auth.v1beta1.Query/Account',
      QueryAccountRequest.encode(QueryAccountRequest.fromPartial({ address })).finish(),
    )
  } catch (error) {
    if (error instanceof CosmosQueryError && error.code === NOT_FOUND)
      throw new CosmosWalletError(`${address} has never received anything on this chain`)
    throw error
  }
  const account = QueryAccountResponse.decode(bytes).account
  // Vesting and module accounts wrap a BaseAccount; a wallet's own account is a BaseAccount.
  if (account?.typeUrl !== '/cosmos.auth.v1beta1.BaseAccount')
    throw new CosmosWalletError(`${address} is a ${account?.typeUrl ?? 'missing'} account`)
  const base = BaseAccount.decode(account.value)
  return { accountNumber: base.accountNumber, sequence: base.sequence }
}

export async function balanceOf(rpc: CometRpc, address: string, denom: string): Promise<bigint> {
  const bytes = await rpc.abciQuery(
    '/cosmos.bank.v1beta1.Query/Balance',
    QueryBalanceRequest.encode(QueryBalanceRequest.fromPartial({ address, denom })).finish(),
  )
  return BigInt(QueryBalanceResponse.decode(bytes).balance?.amount ?? '0')
}

/** Every bank denom the account holds (100 a page, as SDK nodes allow; at most 20 pages). */
export async function allBalances(
  rpc: CometRpc,
  address: string,
): Promise<{ denom: string; amount: bigint }[]> {
  const out: { denom: string; amount: bigint }[] = []
  let key: Uint8Array = new Uint8Array()
  for (let page = 0; page < 20; page++) {
    const bytes = await rpc.abciQuery(
      '/cosmos.bank.v1beta1.Query/AllBalances',
      QueryAllBalancesRequest.encode(
        QueryAllBalancesRequest.fromPartial({ address, pagination: { key, limit: 100n } }),
      ).finish(),
    )
    const answer = QueryAllBalancesResponse.decode(bytes)
    for (const coin of answer.balances) out.push({ denom: coin.denom, amount: BigInt(coin.amount) })
    key = answer.pagination?.nextKey ?? new Uint8Array()
    if (key.length === 0) break
  }
  return out
}

/** The gas a transaction uses, simulated by the node (signatures unchecked there). */
export async function simulateGas(rpc: CometRpc, txBytes: Uint8Array): Promise<number> {
  const bytes = await rpc.abciQuery(
    '/cosmos.tx.v1beta1.Service/Simulate',
    SimulateRequest.encode(SimulateRequest.fromPartial({ txBytes })).finish(),
  )
  return Number(SimulateResponse.decode(bytes).gasInfo?.gasUsed ?? 0n)
}

/** A transaction's result code once it is in a block; undefined while it is not. */
export async function txCode(rpc: CometRpc, hash: string): Promise<number | undefined> {
  try {
    const tx = await rpc.call<{ tx_result: { code?: number } }>('tx', {
      hash: toBase64(fromHex(hash)),
      prove: false,
    })
    return tx.tx_result.code ?? 0
  } catch {
    return undefined
  }
}
