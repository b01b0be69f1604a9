/**
 * The module queries the node answers, once, for both doors: ABCI (protobuf, abci.ts) and the
 * REST (JSON, rest.ts) call these, so both answer the same. Errors are the gRPC status the SDK's
 * query services return, carried as the SDK error baseapp turns them into.
 */
import type { Metadata } from 'cosmjs-types/cosmos/bank/v1beta1/bank'
import { addressProblem } from './address.js'
import type { CosmosChain } from './chain.js'
import { DENOM_METADATA } from './config.js'
import { SdkError } from './errors.js'
import type { Account, Coin } from './state.js'

/** gRPC status codes the queries use, by the name the status text prints. */
export const GRPC = { InvalidArgument: 3, NotFound: 5, Unimplemented: 12 } as const
export type GrpcCode = keyof typeof GRPC

/** A query error: the SDK error ABCI answers, and the gRPC code and text the REST answers. */
export class QueryError extends SdkError {
  constructor(
    readonly grpc: GrpcCode,
    readonly description: string,
  ) {
    // baseapp's gRPCErrorToSDKError: NotFound → key not found, InvalidArgument → invalid request.
    super(
      grpc === 'NotFound'
        ? 'keyNotFound'
        : grpc === 'InvalidArgument'
          ? 'invalidRequest'
          : 'unknownRequest',
      `rpc error: code = ${grpc} desc = ${description}`,
    )
  }
}

function checkAddress(address: string, prefix: string): void {
  if (!address) throw new QueryError('InvalidArgument', 'empty address string is not allowed')
  const problem = addressProblem(address, prefix)
  if (problem) throw new QueryError('InvalidArgument', `invalid address: ${problem}`)
}

export function queryAccount(chain: CosmosChain, address: string): Account {
  checkAddress(address, chain.prefix)
  const account = chain.state.account(address)
  if (!account) throw new QueryError('NotFound', `account ${address} not found`)
  return account
}

export function queryBalance(chain: CosmosChain, address: string, denom: string): Coin {
  checkAddress(address, chain.prefix)
  if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(denom))
    throw new QueryError('InvalidArgument', `invalid denom: ${denom}`)
  return { denom, amount: chain.state.balance(address, denom) }
}

export interface PageRequest {
  key?: Uint8Array
  offset?: bigint
  limit?: bigint
  countTotal?: boolean
  reverse?: boolean
}
export interface PageResponse {
  nextKey?: Uint8Array
  total: bigint
}

/**
 * The SDK's pagination over a denom-sorted list: `key` resumes at a denom (next_key is the next
 * item's denom; real nodes give a store key, equally opaque to clients), or `offset`; limit 100.
 */
export function page<T>(
  items: T[],
  keyOf: (item: T) => string,
  request: PageRequest | undefined,
): { items: T[]; pagination: PageResponse } {
  if (request?.key?.length && request.offset)
    throw new QueryError(
      'InvalidArgument',
      'paginate: invalid request, either offset or key is expected, got both',
    )
  const list = request?.reverse ? [...items].reverse() : items
  const limit = Number(request?.limit || 100n)
  let start = Number(request?.offset ?? 0n)
  if (request?.key?.length) {
    const key = new TextDecoder().decode(request.key)
    start = list.findIndex((item) => keyOf(item) === key)
    if (start < 0) start = list.length
  }
  const slice = list.slice(start, start + limit)
  const next = list[start + limit]
  return {
    items: slice,
    pagination: {
      nextKey: next === undefined ? undefined : new TextEncoder().encode(keyOf(next)),
      total: BigInt(list.length),
    },
  }
}

export function queryAllBalances(chain: CosmosChain, address: string, request?: PageRequest) {
  checkAddress(address, chain.prefix)
  return page(chain.state.allBalances(address), (c) => c.denom, request)
}

export function queryDenomMetadata(denom: string): Metadata {
  const found = DENOM_METADATA.find((m) => m.base === denom)
  if (!found) throw new QueryError('NotFound', `client metadata for denom ${denom}`)
  return found
}

export function querySupply(chain: CosmosChain, request?: PageRequest) {
  return page(chain.state.supply(), (c) => c.denom, request)
}
