/**
 * The REST (LCD) a wallet and an explorer use, as SDK 0.50's grpc-gateway serves it: auth and
 * bank queries, tx simulate/broadcast/search/get, node info and blocks. Every answer comes from
 * the same queries and records as the RPC's. Routes of modules not modelled answer 501 Not
 * Implemented, as a node without that module does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fromBase64, fromHex, toBase64 } from '@cosmjs/encoding'
import type { Block } from './block.js'
import type { CosmosChain } from './chain.js'
import { blockIdJson, type DevValidator, headerJson, statusJson } from './comet.js'
import { DENOM_METADATA, SDK_VERSION } from './config.js'
import { RestError, RpcError, SdkError } from './errors.js'
import { type Listening, listen, readBody, sendJson } from './http.js'
import {
  GRPC,
  type PageRequest,
  page,
  QueryError,
  queryAccount,
  queryAllBalances,
  queryBalance,
  queryDenomMetadata,
  querySupply,
} from './queries.js'
import { paginate, searchTxs } from './query.js'
import {
  accountJson,
  coinJson,
  metadataJson,
  pageJson,
  txBodyJson,
  txResponseJson,
} from './rest-json.js'

type Ctx = { chain: CosmosChain; validator: DevValidator; url: URL; body: string }
type Route = [string, RegExp, (ctx: Ctx, match: string[]) => unknown]

const ADDR = '([^/]+)'
const notImplemented = () => new RestError(501, GRPC.Unimplemented, 'Not Implemented')
const invalid = (message: string) => new RestError(400, GRPC.InvalidArgument, message)

function pageRequest(url: URL): PageRequest {
  const p = (name: string) => url.searchParams.get(`pagination.${name}`) ?? undefined
  const key = p('key')
  return {
    key: key ? fromBase64(key) : undefined,
    offset: p('offset') ? BigInt(p('offset') as string) : undefined,
    limit: p('limit') ? BigInt(p('limit') as string) : undefined,
    reverse: p('reverse') === 'true',
  }
}

function jsonBody(ctx: Ctx): Record<string, unknown> {
  try {
    return JSON.parse(ctx.body || '{}')
  } catch {
    throw invalid('invalid character in request body: not JSON')
  }
}

function txBytes(ctx: Ctx): Uint8Array {
  const body = jsonBody(ctx)
  if (typeof body.tx_bytes !== 'string' || !body.tx_bytes) throw invalid('invalid empty tx bytes')
  try {
    return fromBase64(body.tx_bytes)
  } catch {
    throw invalid('tx_bytes: not base64')
  }
}

/** A header as grpc-gateway prints tendermint.types.Header: hashes in base64. */
function restHeader(ctx: Ctx, block: Block) {
  const header = headerJson(ctx.chain, block, ctx.validator)
  const b64 = (hex: string) => (hex ? toBase64(fromHex(hex)) : '')
  return {
    ...header,
    last_block_id: restBlockId(header.last_block_id),
    last_commit_hash: b64(header.last_commit_hash),
    data_hash: b64(header.data_hash),
    validators_hash: b64(header.validators_hash),
    next_validators_hash: b64(header.next_validators_hash),
    consensus_hash: b64(header.consensus_hash),
    app_hash: b64(header.app_hash),
    last_results_hash: b64(header.last_results_hash),
    evidence_hash: b64(header.evidence_hash),
    proposer_address: b64(header.proposer_address),
  }
}

function restBlockId(id: ReturnType<typeof blockIdJson>) {
  const b64 = (hex: string) => (hex ? toBase64(fromHex(hex)) : '')
  return {
    hash: b64(id.hash),
    part_set_header: { total: id.parts.total, hash: b64(id.parts.hash) },
  }
}

function restBlock(ctx: Ctx, block: Block) {
  const inner = {
    header: restHeader(ctx, block),
    data: { txs: block.txs.map((t) => toBase64(t.tx.bytes)) },
    evidence: { evidence: [] },
    last_commit: null,
  }
  return { block_id: restBlockId(blockIdJson(block)), block: inner, sdk_block: inner }
}

const ORDER: Record<string, string | undefined> = {
  '': undefined,
  ORDER_BY_UNSPECIFIED: undefined,
  ORDER_BY_ASC: 'asc',
  ORDER_BY_DESC: 'desc',
  '0': undefined,
  '1': 'asc',
  '2': 'desc',
}

function searchTxsRest(ctx: Ctx) {
  const params = ctx.url.searchParams
  if ([...params.keys()].some((k) => k.startsWith('pagination.')))
    throw invalid('pagination is deprecated for tx search in SDK 0.50: use page and limit')
  const events = params.getAll('events')
  const query = params.get('query') || events.join(' AND ')
  if (!query) throw invalid('query cannot be empty')
  const orderBy = params.get('order_by') ?? ''
  if (!Object.hasOwn(ORDER, orderBy)) throw invalid(`invalid order_by ${orderBy}`)
  // As the SDK's tx service: page 0 (or none) is 1, limit 0 (or none) is 100.
  const count = (name: string, fallback: number) => {
    const raw = params.get(name) || '0'
    if (!/^\d+$/.test(raw)) throw invalid(`invalid ${name} ${raw}`)
    return Number(raw) || fallback
  }
  const pageNumber = count('page', 1)
  const limit = count('limit', 100)
  try {
    const found = searchTxs(ctx.chain.allTxs(), query, ORDER[orderBy])
    const { items, total } = paginate(found, pageNumber, limit)
    return {
      txs: items.map((t) => txBodyJson(t.tx)),
      tx_responses: items.map(txResponseJson),
      pagination: null,
      total: String(total),
    }
  } catch (error) {
    if (error instanceof RpcError) throw new RestError(500, 2, error.data || error.message)
    throw error
  }
}

function broadcast(ctx: Ctx) {
  const mode = jsonBody(ctx).mode
  if (mode === 'BROADCAST_MODE_BLOCK' || mode === 1)
    throw invalid('unsupported return type BROADCAST_MODE_BLOCK; supported types: sync, async')
  if (mode !== 'BROADCAST_MODE_SYNC' && mode !== 'BROADCAST_MODE_ASYNC' && mode !== 2 && mode !== 3)
    throw invalid('invalid broadcast mode')
  const bytes = txBytes(ctx)
  const empty = {
    height: '0',
    data: '',
    logs: [],
    info: '',
    gas_wanted: '0',
    gas_used: '0',
    tx: null,
    timestamp: '',
    events: [],
  }
  try {
    const result = ctx.chain.checkTx(bytes)
    const async = mode === 'BROADCAST_MODE_ASYNC' || mode === 3
    return {
      tx_response: {
        ...empty,
        txhash: result.hash,
        codespace: async ? '' : result.codespace,
        code: async ? 0 : result.code,
        raw_log: async ? '' : result.log,
      },
    }
  } catch (error) {
    // CometBFT's mempool errors, as the SDK's CheckCometError turns them into codes.
    if (!(error instanceof RpcError)) throw error
    const code =
      error.data === 'tx already exists in cache' ? 19 : error.data === 'Tx too large' ? 21 : 1
    return { tx_response: { ...empty, txhash: '', codespace: 'sdk', code, raw_log: error.data } }
  }
}

const ROUTES: Route[] = [
  [
    'GET',
    new RegExp(`^/cosmos/auth/v1beta1/accounts/${ADDR}$`),
    ({ chain }, [, a]) => ({ account: accountJson(queryAccount(chain, a as string)) }),
  ],
  [
    'GET',
    new RegExp(`^/cosmos/auth/v1beta1/account_info/${ADDR}$`),
    ({ chain }, [, a]) => {
      const account = accountJson({ ...queryAccount(chain, a as string), moduleName: undefined })
      const { '@type': _type, ...info } = account as Record<string, unknown>
      return { info }
    },
  ],
  [
    'GET',
    new RegExp(`^/cosmos/bank/v1beta1/balances/${ADDR}$`),
    (ctx, [, a]) => {
      const { items, pagination } = queryAllBalances(ctx.chain, a as string, pageRequest(ctx.url))
      return { balances: items.map(coinJson), pagination: pageJson(pagination) }
    },
  ],
  [
    'GET',
    new RegExp(`^/cosmos/bank/v1beta1/balances/${ADDR}/by_denom$`),
    (ctx, [, a]) => ({
      balance: coinJson(
        queryBalance(ctx.chain, a as string, ctx.url.searchParams.get('denom') ?? ''),
      ),
    }),
  ],
  [
    'GET',
    new RegExp(`^/cosmos/bank/v1beta1/spendable_balances/${ADDR}$`),
    (ctx, [, a]) => {
      const { items, pagination } = queryAllBalances(ctx.chain, a as string, pageRequest(ctx.url))
      return { balances: items.map(coinJson), pagination: pageJson(pagination) }
    },
  ],
  [
    'GET',
    /^\/cosmos\/bank\/v1beta1\/supply$/,
    (ctx) => {
      const { items, pagination } = querySupply(ctx.chain, pageRequest(ctx.url))
      return { supply: items.map(coinJson), pagination: pageJson(pagination) }
    },
  ],
  [
    'GET',
    /^\/cosmos\/bank\/v1beta1\/denoms_metadata$/,
    (ctx) => {
      const { items, pagination } = page(DENOM_METADATA, (m) => m.base, pageRequest(ctx.url))
      return { metadatas: items.map(metadataJson), pagination: pageJson(pagination) }
    },
  ],
  [
    'GET',
    /^\/cosmos\/bank\/v1beta1\/denoms_metadata\/([^/]+)$/,
    (_ctx, [, d]) => ({
      metadata: metadataJson(queryDenomMetadata(decodeURIComponent(d as string))),
    }),
  ],
  [
    'POST',
    /^\/cosmos\/tx\/v1beta1\/simulate$/,
    (ctx) => {
      const result = ctx.chain.simulate(txBytes(ctx))
      if (result.code !== 0)
        throw new RestError(
          500,
          2,
          `${result.log} With gas wanted: '${result.gasWanted}' and gas used: '${result.gasUsed}' `,
        )
      return {
        gas_info: { gas_wanted: String(result.gasWanted), gas_used: String(result.gasUsed) },
        result: {
          data: toBase64(result.data),
          log: '',
          events: result.events,
          msg_responses: result.msgResponses.map((r) => ({ '@type': r.typeUrl })),
        },
      }
    },
  ],
  ['POST', /^\/cosmos\/tx\/v1beta1\/txs$/, broadcast],
  ['GET', /^\/cosmos\/tx\/v1beta1\/txs$/, searchTxsRest],
  [
    'GET',
    /^\/cosmos\/tx\/v1beta1\/txs\/([0-9A-Fa-f]{64})$/,
    ({ chain }, [, hash]) => {
      const stored = chain.tx(hash as string)
      if (!stored) throw new RestError(404, GRPC.NotFound, `tx not found: ${hash}`)
      return { tx: txBodyJson(stored.tx), tx_response: txResponseJson(stored) }
    },
  ],
  [
    'GET',
    /^\/cosmos\/base\/tendermint\/v1beta1\/node_info$/,
    ({ chain, validator }) => {
      const { node_info } = statusJson(chain, validator, '')
      return {
        default_node_info: {
          protocol_version: node_info.protocol_version,
          default_node_id: node_info.id,
          listen_addr: node_info.listen_addr,
          network: node_info.network,
          version: node_info.version,
          channels: toBase64(fromHex(node_info.channels)),
          moniker: node_info.moniker,
          other: { tx_index: 'on', rpc_address: '' },
        },
        application_version: {
          name: 'latch-dev',
          app_name: 'latchd-dev',
          version: SDK_VERSION,
          git_commit: '',
          build_tags: '',
          go_version: '',
          build_deps: [],
          cosmos_sdk_version: SDK_VERSION,
        },
      }
    },
  ],
  ['GET', /^\/cosmos\/base\/tendermint\/v1beta1\/syncing$/, () => ({ syncing: false })],
  [
    'GET',
    /^\/cosmos\/base\/tendermint\/v1beta1\/blocks\/latest$/,
    (ctx) => restBlock(ctx, ctx.chain.tip),
  ],
  [
    'GET',
    /^\/cosmos\/base\/tendermint\/v1beta1\/blocks\/(\d+)$/,
    (ctx, [, h]) => {
      const block = ctx.chain.block(BigInt(h as string))
      if (!block) throw invalid(`requested block height is bigger then the chain length`)
      return restBlock(ctx, block)
    },
  ],
]

export async function serveRest(
  chain: CosmosChain,
  validator: DevValidator,
  port: number,
): Promise<Listening> {
  return listen(port, async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://node')
    const body = request.method === 'POST' ? await readBody(request) : ''
    const ctx: Ctx = { chain, validator, url, body }
    try {
      for (const [method, pattern, handle] of ROUTES) {
        const match = pattern.exec(url.pathname)
        if (match && method === request.method) return sendJson(response, 200, handle(ctx, match))
      }
      throw notImplemented()
    } catch (error) {
      if (error instanceof QueryError) {
        const status =
          error.grpc === 'NotFound' ? 404 : error.grpc === 'InvalidArgument' ? 400 : 501
        return sendJson(response, status, {
          code: GRPC[error.grpc],
          message: error.description,
          details: [],
        })
      }
      if (error instanceof RestError)
        return sendJson(response, error.status, {
          code: error.grpcCode,
          message: error.message,
          details: [],
        })
      // A transaction that does not decode: the tx service's InvalidArgument.
      if (error instanceof SdkError)
        return sendJson(response, 400, {
          code: GRPC.InvalidArgument,
          message: error.message,
          details: [],
        })
      throw error
    }
  })
}
