import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import { Type } from 'typebox'
import { errorResponses, HttpError } from '../../http/errors.js'
import { PROJECT_SECRET_HEADER, requireProjectSecret } from '../../http/project-caller.js'
import { projectErrorResponses, sdkQuery } from '../../http/project-query.js'
import { readRateLimit } from '../../http/rate-limit.js'
import { upstreamRecorder } from '../../observability/metrics.js'
import type { EsploraClient } from './esplora.js'
import { BIP122_CAIP2 } from './networks.js'
import { type BitcoinChains, unsupportedChain, upstreamFailure } from './service.js'

/**
 * The Esplora pass-through wallets read Bitcoin through (docs/bitcoin-server.md#pass-through):
 * `/v1/esplora/:chainId/…` answers exactly what the chain's Esplora answers (status, text, JSON
 * shapes), so one client works against this server, the dev node and a public Esplora. Only
 * the routes a wallet needs, each input checked before anything is forwarded: the chain is one
 * served here, the address one of its network's, a txid 64 hex digits, a transaction hex.
 * Project-scoped like every page route; a call without an Origin (a server, a script) needs the
 * project's secret, as the RPC proxy's do, or this would be an open relay to the upstream.
 */

export { PROJECT_SECRET_HEADER }
/** A standard transaction weighs at most 400 000 units: at most 400 000 bytes, twice as hex. */
export const MAX_TX_HEX = 800_000
/** Broadcasts per client and project per minute: a wallet sends a handful. */
export const BROADCASTS_PER_MINUTE = 30

const TXID = /^[0-9a-f]{64}$/
const HEX = /^(?:[0-9a-f]{2})+$/

const Params = Type.Object({
  chainId: Type.String({
    maxLength: 100,
    description: 'CAIP-2, e.g. bip122:000000000019d6689c085ae165831e93',
  }),
})
const AddressParams = Type.Object({
  ...Params.properties,
  address: Type.String({ maxLength: 100 }),
})
const TxParams = Type.Object({ ...Params.properties, txid: Type.String({ maxLength: 100 }) })
const Query = Type.Object(sdkQuery)

const Stats = Type.Object({
  funded_txo_count: Type.Integer(),
  funded_txo_sum: Type.Integer(),
  spent_txo_count: Type.Integer(),
  spent_txo_sum: Type.Integer(),
  tx_count: Type.Integer(),
})
const Status = Type.Object({
  confirmed: Type.Boolean(),
  block_height: Type.Optional(Type.Integer()),
  block_hash: Type.Optional(Type.String()),
  block_time: Type.Optional(Type.Integer()),
})
// For /docs: the upstream's text is sent as it came (Fastify sends a string as is), so fields an
// Esplora adds beyond these reach the client too.
const AddressAnswer = Type.Object({
  address: Type.String(),
  chain_stats: Stats,
  mempool_stats: Stats,
})
const Utxo = Type.Object({
  txid: Type.String(),
  vout: Type.Integer(),
  value: Type.Integer(),
  status: Status,
})
const Text = Type.String()
const upstreamErrors = {
  ...projectErrorResponses,
  ...errorResponses({
    400: "UNSUPPORTED_CHAIN, INVALID_ADDRESS, INVALID_TXID or INVALID_TRANSACTION (nothing forwarded); or the Esplora's own 400, as text",
    401: 'PROJECT_SECRET_REQUIRED: no Origin and no valid latch-project-secret',
    404: "The Esplora's own 404 (unknown transaction), as text",
    502: 'UPSTREAM_ERROR: the Esplora did not answer',
  }),
}

export interface EsploraRoutesOptions {
  chains: BitcoinChains
  /** Route options of every project-scoped route (chains/routes.ts `projectScoped`). */
  scoped: object
}

/** Sends the upstream's answer as it came: its status, its text, JSON or text as it said. */
async function relay(
  reply: FastifyReply,
  client: EsploraClient,
  path: string,
  init?: { method: 'POST'; body: string },
) {
  let answer: Awaited<ReturnType<EsploraClient['raw']>>
  try {
    answer = await client.raw(path, init)
  } catch (error) {
    upstreamFailure(client.chain, error)
  }
  if (answer.status >= 500)
    throw new HttpError(
      502,
      'UPSTREAM_ERROR',
      `The Esplora upstream of ${client.chain} did not answer`,
    )
  const json = answer.contentType?.includes('json') === true
  if (json && answer.status === 200) {
    try {
      JSON.parse(answer.text)
    } catch {
      throw new HttpError(
        502,
        'UPSTREAM_ERROR',
        `The Esplora upstream of ${client.chain} answered something unreadable`,
      )
    }
  }
  return reply
    .status(answer.status)
    .type(json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
    .send(answer.text)
}

export function esploraRoutes(options: EsploraRoutesOptions): FastifyPluginAsyncTypebox {
  const { chains } = options
  const scoped = options.scoped as { preHandler?: unknown; config?: Record<string, unknown> }

  const clientOf = (chainId: string) => {
    if (!BIP122_CAIP2.test(chainId)) throw unsupportedChain(chainId)
    return chains.clientOf(chainId)
  }
  const txidOf = (raw: string) => {
    const txid = raw.toLowerCase()
    if (!TXID.test(txid))
      throw new HttpError(400, 'INVALID_TXID', 'A txid is 64 hexadecimal digits')
    return txid
  }

  return async (app) => {
    chains.setRecorder(upstreamRecorder(app))
    // Without an Origin, the project's secret: the RPC proxy's rule (docs/provider-services.md#rpc-proxy).
    const requireSecret = async (request: FastifyRequest) => {
      if (typeof request.headers.origin === 'string' && request.headers.origin !== '') return
      const { projectId } = request.query as { projectId: string }
      await requireProjectSecret(app, request, projectId)
    }
    // A new array for each route: the rate limit plugin appends its hook to the route's own.
    const preHandler = () =>
      [...[scoped.preHandler ?? []].flat(), requireSecret] as preHandlerHookHandler[]
    const route = () => ({ ...scoped, preHandler: preHandler() })
    const tags = ['bitcoin']

    // Wallets post the raw transaction as text; some send no type or octet-stream.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_TX_HEX + 2 },
      (_r, body, done) => done(null, body),
    )

    app.get(
      '/v1/esplora/:chainId/address/:address',
      {
        ...route(),
        schema: {
          summary: "An address's funded and spent totals (Esplora's /address/:address)",
          tags,
          params: AddressParams,
          querystring: Query,
          response: { 200: AddressAnswer, ...upstreamErrors },
        },
      },
      async (request, reply) => {
        const { chainId, address } = request.params
        const client = clientOf(chainId)
        return relay(reply, client, `/address/${chains.address(address, chainId).address}`)
      },
    )

    app.get(
      '/v1/esplora/:chainId/address/:address/utxo',
      {
        ...route(),
        schema: {
          summary: "An address's unspent outputs (Esplora's /address/:address/utxo)",
          tags,
          params: AddressParams,
          querystring: Query,
          response: { 200: Type.Array(Utxo), ...upstreamErrors },
        },
      },
      async (request, reply) => {
        const { chainId, address } = request.params
        const client = clientOf(chainId)
        return relay(reply, client, `/address/${chains.address(address, chainId).address}/utxo`)
      },
    )

    app.get(
      '/v1/esplora/:chainId/fee-estimates',
      {
        ...route(),
        schema: {
          summary:
            "Fee rates in sat/vB by confirmation target in blocks (Esplora's /fee-estimates)",
          tags,
          params: Params,
          querystring: Query,
          response: { 200: Type.Record(Type.String(), Type.Number()), ...upstreamErrors },
        },
      },
      async (request, reply) => relay(reply, clientOf(request.params.chainId), '/fee-estimates'),
    )

    app.get(
      '/v1/esplora/:chainId/tx/:txid/status',
      {
        ...route(),
        schema: {
          summary: "A transaction's confirmation (Esplora's /tx/:txid/status)",
          tags,
          params: TxParams,
          querystring: Query,
          response: { 200: Status, ...upstreamErrors },
        },
      },
      async (request, reply) => {
        const client = clientOf(request.params.chainId)
        return relay(reply, client, `/tx/${txidOf(request.params.txid)}/status`)
      },
    )

    app.get(
      '/v1/esplora/:chainId/tx/:txid/hex',
      {
        ...route(),
        schema: {
          summary: "A raw transaction, hex (Esplora's /tx/:txid/hex)",
          tags,
          params: TxParams,
          querystring: Query,
          response: { 200: Text, ...upstreamErrors },
        },
      },
      async (request, reply) => {
        const client = clientOf(request.params.chainId)
        return relay(reply, client, `/tx/${txidOf(request.params.txid)}/hex`)
      },
    )

    app.post(
      '/v1/esplora/:chainId/tx',
      {
        ...route(),
        bodyLimit: MAX_TX_HEX + 2,
        config: {
          ...scoped.config,
          rateLimit: readRateLimit(BROADCASTS_PER_MINUTE),
        },
        schema: {
          summary: "Broadcasts a signed transaction (Esplora's POST /tx)",
          description:
            "Body: the raw transaction, hex, as text. Answers its txid as text, or the node's 400 with its reason as text (e.g. `sendrawtransaction RPC error: …`), passed through unchanged.",
          tags,
          params: Params,
          querystring: Query,
          body: Type.String({ description: 'Raw transaction hex' }),
          response: {
            200: Text,
            ...upstreamErrors,
            ...errorResponses({ 413: `PAYLOAD_TOO_LARGE: more than ${MAX_TX_HEX} hex digits` }),
          },
        },
      },
      async (request, reply) => {
        const client = clientOf(request.params.chainId)
        const hex = request.body.trim().toLowerCase()
        // The smallest transaction is 60 bytes; anything shorter or not hex is no transaction.
        if (hex.length < 120 || hex.length > MAX_TX_HEX || !HEX.test(hex))
          throw new HttpError(
            400,
            'INVALID_TRANSACTION',
            'The body must be a raw transaction in hexadecimal',
          )
        return relay(reply, client, '/tx', { method: 'POST', body: hex })
      },
    )
  }
}
