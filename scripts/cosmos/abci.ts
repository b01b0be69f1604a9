/**
 * `abci_query`: the gRPC query paths cosmjs's StargateClient asks through CometBFT RPC, with
 * protobuf requests and answers. A path not listed is `unknown request` (code 6), as baseapp
 * answers a query it has no handler for.
 */
import { BaseAccount, ModuleAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import {
  QueryAccountInfoRequest,
  QueryAccountInfoResponse,
  QueryAccountRequest,
  QueryAccountResponse,
} from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryDenomMetadataRequest,
  QueryDenomMetadataResponse,
  QueryDenomsMetadataRequest,
  QueryDenomsMetadataResponse,
  QuerySpendableBalancesRequest,
  QuerySpendableBalancesResponse,
  QueryTotalSupplyRequest,
  QueryTotalSupplyResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import type { CosmosChain } from './chain.js'
import { DENOM_METADATA } from './config.js'
import { SdkError, sdkError } from './errors.js'
import {
  type PageResponse,
  page,
  queryAccount,
  queryAllBalances,
  queryBalance,
  queryDenomMetadata,
  querySupply,
} from './queries.js'
import type { Account, Coin } from './state.js'
import { SECP256K1_PUBKEY } from './tx.js'

const protoCoins = (coins: Coin[]) =>
  coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
const protoPage = (p: PageResponse) => ({ nextKey: p.nextKey ?? new Uint8Array(), total: p.total })

export function baseAccountOf(account: Account): BaseAccount {
  return {
    address: account.address,
    pubKey: account.pubKey
      ? { typeUrl: SECP256K1_PUBKEY, value: PubKey.encode({ key: account.pubKey }).finish() }
      : undefined,
    accountNumber: account.accountNumber,
    sequence: account.sequence,
  }
}

export function accountAny(account: Account): Any {
  const base = baseAccountOf(account)
  if (account.moduleName)
    return {
      typeUrl: '/cosmos.auth.v1beta1.ModuleAccount',
      value: ModuleAccount.encode({
        baseAccount: base,
        name: account.moduleName,
        permissions: [],
      }).finish(),
    }
  return { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: BaseAccount.encode(base).finish() }
}

type Handler = (chain: CosmosChain, data: Uint8Array) => Uint8Array

const HANDLERS: Record<string, Handler> = {
  '/cosmos.auth.v1beta1.Query/Account': (chain, data) => {
    const { address } = QueryAccountRequest.decode(data)
    return QueryAccountResponse.encode({
      account: accountAny(queryAccount(chain, address)),
    }).finish()
  },
  '/cosmos.auth.v1beta1.Query/AccountInfo': (chain, data) => {
    const { address } = QueryAccountInfoRequest.decode(data)
    const info = baseAccountOf(queryAccount(chain, address))
    return QueryAccountInfoResponse.encode({ info }).finish()
  },
  '/cosmos.bank.v1beta1.Query/Balance': (chain, data) => {
    const { address, denom } = QueryBalanceRequest.decode(data)
    const [balance] = protoCoins([queryBalance(chain, address, denom)])
    return QueryBalanceResponse.encode({ balance }).finish()
  },
  '/cosmos.bank.v1beta1.Query/AllBalances': (chain, data) => {
    const request = QueryAllBalancesRequest.decode(data)
    const { items, pagination } = queryAllBalances(chain, request.address, request.pagination)
    return QueryAllBalancesResponse.encode({
      balances: protoCoins(items),
      pagination: protoPage(pagination),
    }).finish()
  },
  // No vesting or locked coins are modelled: what is held is spendable.
  '/cosmos.bank.v1beta1.Query/SpendableBalances': (chain, data) => {
    const request = QuerySpendableBalancesRequest.decode(data)
    const { items, pagination } = queryAllBalances(chain, request.address, request.pagination)
    return QuerySpendableBalancesResponse.encode({
      balances: protoCoins(items),
      pagination: protoPage(pagination),
    }).finish()
  },
  '/cosmos.bank.v1beta1.Query/TotalSupply': (chain, data) => {
    const request = QueryTotalSupplyRequest.decode(data)
    const { items, pagination } = querySupply(chain, request.pagination)
    return QueryTotalSupplyResponse.encode({
      supply: protoCoins(items),
      pagination: protoPage(pagination),
    }).finish()
  },
  '/cosmos.bank.v1beta1.Query/DenomMetadata': (_chain, data) => {
    const { denom } = QueryDenomMetadataRequest.decode(data)
    return QueryDenomMetadataResponse.encode({ metadata: queryDenomMetadata(denom) }).finish()
  },
  '/cosmos.bank.v1beta1.Query/DenomsMetadata': (_chain, data) => {
    const request = QueryDenomsMetadataRequest.decode(data)
    const { items, pagination } = page(DENOM_METADATA, (m) => m.base, request.pagination)
    return QueryDenomsMetadataResponse.encode({
      metadatas: items,
      pagination: protoPage(pagination),
    }).finish()
  },
  '/cosmos.tx.v1beta1.Service/Simulate': (chain, data) => {
    const request = SimulateRequest.decode(data)
    if (!request.txBytes.length)
      throw sdkError(
        'invalidRequest',
        'empty txBytes is not allowed (the deprecated tx field is not modelled)',
      )
    const result = chain.simulate(request.txBytes)
    if (result.code !== 0)
      throw new SdkError('txDecode').as(result.code, result.codespace, result.log)
    return SimulateResponse.encode({
      gasInfo: { gasWanted: result.gasWanted, gasUsed: result.gasUsed },
      result: {
        data: result.data,
        log: result.log,
        events: result.events,
        msgResponses: result.msgResponses,
      },
    }).finish()
  },
}

export interface AbciQueryAnswer {
  code: number
  codespace: string
  log: string
  value: Uint8Array
}

export function abciQuery(chain: CosmosChain, path: string, data: Uint8Array): AbciQueryAnswer {
  const handler = HANDLERS[path]
  try {
    if (!handler) throw sdkError('unknownRequest', `unknown query path ${path}`)
    return { code: 0, codespace: '', log: '', value: handler(chain, data) }
  } catch (error) {
    if (!(error instanceof SdkError)) {
      // A request that does not decode as the path's protobuf.
      const decode = sdkError('txDecode', (error as Error).message)
      return { code: decode.code, codespace: 'sdk', log: decode.message, value: new Uint8Array() }
    }
    return {
      code: error.code,
      codespace: error.codespace,
      log: error.message,
      value: new Uint8Array(),
    }
  }
}
