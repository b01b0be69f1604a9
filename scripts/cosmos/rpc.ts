/**
 * CometBFT's RPC over HTTP: JSON-RPC 2.0 POSTed to `/` (what cosmjs sends) and the URI form
 * (`GET /status`, `GET /tx_search?query="…"`). Methods it does not model answer -32601, never a
 * made-up result. Dev only: `POST /dev/mine` makes blocks (docs/cosmos-node.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding'
import { abciQuery } from './abci.js'
import type { Block } from './block.js'
import type { CosmosChain } from './chain.js'
import {
  blockJson,
  blockMetaJson,
  commitJson,
  type DevValidator,
  headerJson,
  statusJson,
  txJson,
  txResultJson,
} from './comet.js'
import { SDK_VERSION } from './config.js'
import { internalError, invalidParams, RpcError } from './errors.js'
import { type Listening, listen, readBody, sendJson } from './http.js'
import { paginate, searchTxs } from './query.js'

type Params = Record<string, unknown>
interface Context {
  chain: CosmosChain
  validator: DevValidator
  rpcAddress: string
}

/** Bytes given as JSON-RPC base64, or in the URI form as 0x-hex. */
function bytesParam(value: unknown, name: string, encoding: 'base64' | 'hex'): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${name}: expected a string`)
  try {
    if (value.startsWith('0x')) return fromHex(value.slice(2))
    return encoding === 'hex' ? fromHex(value) : fromBase64(value)
  } catch {
    throw invalidParams(`${name}: not ${encoding}`)
  }
}

function intParam(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n)) throw invalidParams(`${name}: expected an integer`)
  return n
}

function blockAt(chain: CosmosChain, height: number | undefined): Block {
  if (height === undefined || height === 0) return chain.tip
  if (height < 0) throw internalError(`height must be greater than 0, but got ${height}`)
  const block = chain.block(BigInt(height))
  if (!block)
    throw internalError(
      `height ${height} must be less than or equal to the current blockchain height ${chain.height}`,
    )
  return block
}

function broadcastSync(ctx: Context, params: Params) {
  const result = ctx.chain.checkTx(bytesParam(params.tx, 'tx', 'base64'))
  return {
    code: result.code,
    data: result.data.length ? toBase64(result.data) : '',
    log: result.log,
    codespace: result.codespace,
    hash: result.hash,
  }
}

const METHODS: Record<string, (ctx: Context, params: Params) => unknown | Promise<unknown>> = {
  health: () => ({}),
  status: (ctx) => statusJson(ctx.chain, ctx.validator, ctx.rpcAddress),
  abci_info: ({ chain }) => ({
    response: {
      data: 'latch-dev',
      version: SDK_VERSION,
      app_version: '0',
      last_block_height: String(chain.height),
      last_block_app_hash: toBase64(fromHex(chain.appHash())),
    },
  }),
  abci_query: ({ chain }, params) => {
    const path = params.path
    if (typeof path !== 'string' || !path) throw invalidParams('path: expected a string')
    const data =
      params.data === undefined ? new Uint8Array() : bytesParam(params.data, 'data', 'hex')
    const height = intParam(params.height, 'height')
    let answer = abciQuery(chain, path, data)
    // Only the latest state is kept: an older height is refused, not answered from today's state.
    if (height && BigInt(height) !== chain.height)
      answer = {
        code: 18,
        codespace: 'sdk',
        log: `failed to load state at height ${height}; version does not exist (latest height: ${chain.height}): invalid request`,
        value: new Uint8Array(),
      }
    if (params.prove === true || params.prove === 'true')
      answer = {
        code: 18,
        codespace: 'sdk',
        log: 'proofs are not modelled by the dev node: invalid request',
        value: new Uint8Array(),
      }
    return {
      response: {
        code: answer.code,
        log: answer.log,
        info: '',
        index: '0',
        key: null,
        value: answer.value.length ? toBase64(answer.value) : null,
        proofOps: null,
        height: String(chain.height),
        codespace: answer.codespace,
      },
    }
  },
  block: (ctx, params) =>
    blockJson(ctx.chain, blockAt(ctx.chain, intParam(params.height, 'height')), ctx.validator),
  block_results: ({ chain }, params) => {
    const block = blockAt(chain, intParam(params.height, 'height'))
    return {
      height: String(block.height),
      txs_results: block.txs.length ? block.txs.map((t) => txResultJson(t.result)) : null,
      finalize_block_events: [],
      validator_updates: [],
      consensus_param_updates: null,
      app_hash: chain.block(block.height + 1n)?.appHash ?? chain.appHash(),
    }
  },
  blockchain: (ctx, params) => {
    const tip = Number(ctx.chain.height)
    const max = Math.min(tip, intParam(params.maxHeight, 'maxHeight') || tip)
    const min = Math.max(1, intParam(params.minHeight, 'minHeight') || 1, max - 19)
    if (min > max) throw internalError(`min height ${min} can't be greater than max height ${max}`)
    const metas = []
    for (let h = max; h >= min; h--)
      metas.push(blockMetaJson(ctx.chain, ctx.chain.block(BigInt(h)) as Block, ctx.validator))
    return { last_height: String(tip), block_metas: metas }
  },
  commit: (ctx, params) => {
    const block = blockAt(ctx.chain, intParam(params.height, 'height'))
    return {
      signed_header: {
        header: headerJson(ctx.chain, block, ctx.validator),
        commit: commitJson(block, ctx.validator),
      },
      canonical: true,
    }
  },
  validators: (ctx) => ({
    block_height: String(ctx.chain.height),
    validators: [
      {
        address: ctx.validator.address,
        pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(ctx.validator.publicKey) },
        voting_power: '10',
        proposer_priority: '0',
      },
    ],
    count: '1',
    total: '1',
  }),
  broadcast_tx_sync: broadcastSync,
  broadcast_tx_async: (ctx, params) => ({
    ...broadcastSync(ctx, params),
    code: 0,
    log: '',
    codespace: '',
  }),
  broadcast_tx_commit: async (ctx, params) => {
    const check = ctx.chain.checkTx(bytesParam(params.tx, 'tx', 'base64'))
    const checkJson = txResultJson(check)
    if (check.code !== 0)
      return { check_tx: checkJson, tx_result: {}, hash: check.hash, height: '0' }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(internalError('timed out waiting for tx to be included in a block')),
        10_000,
      )
    })
    const included = await Promise.race([ctx.chain.whenIncluded(check.hash), timeout]).finally(() =>
      clearTimeout(timer),
    )
    return {
      check_tx: checkJson,
      tx_result: txResultJson(included.result),
      hash: check.hash,
      height: String(included.height),
    }
  },
  tx: ({ chain }, params) => {
    const hash = toHex(bytesParam(params.hash, 'hash', 'base64')).toUpperCase()
    const stored = chain.tx(hash)
    if (!stored) throw internalError(`tx (${hash}) not found`)
    if (params.prove === true || params.prove === 'true')
      throw internalError('proofs are not modelled by the dev node')
    return txJson(stored)
  },
  tx_search: ({ chain }, params) => {
    if (typeof params.query !== 'string') throw invalidParams('query: expected a string')
    if (params.prove === true || params.prove === 'true')
      throw internalError('proofs are not modelled by the dev node')
    const order = typeof params.order_by === 'string' ? params.order_by : undefined
    const found = searchTxs(chain.allTxs(), params.query, order)
    const { items, total } = paginate(
      found,
      intParam(params.page, 'page'),
      intParam(params.per_page, 'per_page'),
    )
    return { txs: items.map(txJson), total_count: String(total) }
  },
  num_unconfirmed_txs: ({ chain }) => ({
    n_txs: String(chain.mempool.length),
    total: String(chain.mempool.length),
    total_bytes: String(chain.mempool.reduce((n, t) => n + t.bytes.length, 0)),
    txs: null,
  }),
  unconfirmed_txs: ({ chain }, params) => {
    const limit = Math.min(100, intParam(params.limit, 'limit') ?? 30)
    return {
      n_txs: String(Math.min(limit, chain.mempool.length)),
      total: String(chain.mempool.length),
      total_bytes: String(chain.mempool.reduce((n, t) => n + t.bytes.length, 0)),
      txs: chain.mempool.slice(0, limit).map((t) => toBase64(t.bytes)),
    }
  },
}

async function call(ctx: Context, request: { id?: unknown; method?: unknown; params?: unknown }) {
  const id = request.id ?? -1
  try {
    const method = typeof request.method === 'string' ? METHODS[request.method] : undefined
    if (!method) throw new RpcError(-32601, 'Method not found', '')
    if (Array.isArray(request.params)) throw invalidParams('positional params are not supported')
    const result = await method(ctx, (request.params ?? {}) as Params)
    return { jsonrpc: '2.0', id, result }
  } catch (error) {
    if (error instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: error.code, message: error.message, data: error.data },
      }
    throw error
  }
}

/** The URI form's params: strings in double quotes, numbers and 0x-hex bare. */
function uriParams(search: URLSearchParams): Params {
  const params: Params = {}
  for (const [key, raw] of search) {
    params[key] =
      raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw
  }
  return params
}

async function mine(ctx: Context, body: string) {
  let input: { blocks?: number; time?: string } = {}
  if (body.trim()) input = JSON.parse(body)
  const blocks = input.blocks ?? 1
  if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1000) throw new Error('blocks: 1 to 1000')
  if (input.time) {
    const at = Date.parse(input.time)
    if (Number.isNaN(at)) throw new Error('time: not an RFC 3339 time')
    ctx.chain.setClock(Math.max(at, ctx.chain.tip.time.getTime() + 1))
  }
  const made = ctx.chain.mine(blocks)
  if (input.time) ctx.chain.setClock(undefined)
  return { heights: made.map((b) => String(b.height)), hashes: made.map((b) => b.hash) }
}

export async function serveRpc(
  chain: CosmosChain,
  validator: DevValidator,
  port: number,
): Promise<Listening> {
  const ctx: Context = { chain, validator, rpcAddress: '' }
  const server = await listen(port, async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://node')
    if (request.method === 'POST' && url.pathname === '/dev/mine') {
      try {
        sendJson(response, 200, await mine(ctx, await readBody(request)))
      } catch (error) {
        sendJson(response, 400, { error: (error as Error).message })
      }
      return
    }
    if (request.method === 'POST') {
      const body = await readBody(request)
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        sendJson(response, 200, {
          jsonrpc: '2.0',
          id: -1,
          error: { code: -32700, message: 'Parse error', data: '' },
        })
        return
      }
      const answer = Array.isArray(parsed)
        ? await Promise.all(parsed.map((r) => call(ctx, r)))
        : await call(ctx, parsed as Params)
      sendJson(response, 200, answer)
      return
    }
    if (request.method === 'GET' && url.pathname === '/websocket') {
      sendJson(response, 501, { error: 'the dev node has no websocket: poll over HTTP' })
      return
    }
    if (request.method === 'GET') {
      const method = url.pathname.slice(1)
      sendJson(
        response,
        200,
        await call(ctx, { id: -1, method, params: uriParams(url.searchParams) }),
      )
      return
    }
    sendJson(response, 405, { error: `${request.method} is not served` })
  })
  ctx.rpcAddress = `tcp://127.0.0.1:${server.port}`
  return server
}
