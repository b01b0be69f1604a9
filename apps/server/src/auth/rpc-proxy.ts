import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import { chainFamilies } from '../chains/index.js'
import type { RpcAnswer, RpcUpstreams } from '../chains/types.js'
import { errorResponses, HttpError } from '../http/errors.js'
import {
  answerPreflight,
  checkProjectCaller,
  PROJECT_SECRET_HEADER,
} from '../http/project-caller.js'
import { upstreamRecorder } from '../observability/metrics.js'
import { readTextPlainAsJson } from '../provider-services/routes/events.js'
import { DEFAULT_RPC_LIMITS } from './rpc-config.js'

export { PROJECT_SECRET_HEADER }

import { rpcBudgets, weightOf } from './rpc-limits.js'

// Lenient here and checked in the handler: a preflight with a bad query is a bare 403.
const RpcQuery = Type.Object({
  chainId: Type.Optional(
    Type.String({
      description: `CAIP-2 (${chainFamilies.map((f) => f.chainIdExample).join(', ')}) or a decimal chain id`,
    }),
  ),
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
})
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The query, and the namespace whose chain id form it is written in. */
function parseQuery(query: Static<typeof RpcQuery>, namespaces: readonly RpcUpstreams[]) {
  const { chainId, projectId } = query
  const upstreams = chainId ? namespaces.find((n) => n.recognises(chainId)) : undefined
  return chainId && projectId && upstreams && PROJECT_ID.test(projectId)
    ? { chainId, projectId, upstreams }
    : undefined
}

// Each call of a batch is checked on its own: one bad call is a JSON-RPC error, not a 400.
const Call = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Number(), Type.Null()]),
  method: Type.String({ maxLength: 64 }),
  params: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 32 })),
})
type Call = Static<typeof Call>

const RpcAnswerSchema = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(
    Type.Object({
      code: Type.Number(),
      message: Type.String(),
      data: Type.Optional(Type.Unknown({ description: "A Solana node's details, e.g. logs" })),
    }),
  ),
})

const rpcError = (id: Call['id'], code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** The header a server (a request without Origin) names the project's secret in. */

/** Calls in one batch; a page's viem client batches far fewer. */
export const MAX_BATCH_CALLS = 100
/** Default weighted calls per minute per client (address) and project (LATCH_RPC_*, rpc-config.ts). */
export const CALLS_PER_CLIENT_PER_MINUTE = DEFAULT_RPC_LIMITS.clientPerMinute
/** Default weighted calls per minute per project, all clients together. */
export const CALLS_PER_PROJECT_PER_MINUTE = DEFAULT_RPC_LIMITS.projectPerMinute

export interface RpcProxyRoutesOptions {
  /** The secure frame's origins: the only pages the proxy answers. */
  frameOrigins: readonly string[]
}

/**
 * `POST /v1/?chainId=&projectId=` (docs/behaviour.md#wire): the JSON-RPC proxy that pages (the
 * secure frame, the web app, an AppKit app) read chains through. Each registered chain family
 * (chains/index.ts) gives its upstreams and the methods it forwards; the chain id's form picks
 * the family. Checks, limits and batch rules are the same for all. Bodies are JSON or
 * text/plain JSON.
 */
const rpcProxyRoutesPlugin: FastifyPluginAsyncTypebox<RpcProxyRoutesOptions> = async (
  app,
  { frameOrigins },
) => {
  readTextPlainAsJson(app)
  const record = upstreamRecorder(app)
  const limits = app.config.rpc
  const context = { log: app.log, record, maxLogBlocks: limits.maxLogBlocks }
  const namespaces = chainFamilies.flatMap((family) =>
    family.rpcUpstreams
      ? [family.rpcUpstreams(app.config.chainData.backends.get(family.namespace), context)]
      : [],
  )
  const weights = Object.assign({}, ...namespaces.map((n) => n.weights))

  const checkOrigin = (request: FastifyRequest, reply: FastifyReply, projectId: string) =>
    checkProjectCaller(app, frameOrigins, request, reply, projectId)

  app.options(
    '/v1/',
    { config: { cors: false }, schema: { hide: true, querystring: RpcQuery } },
    async (request, reply) => {
      const parsed = parseQuery(request.query, namespaces)
      return answerPreflight(reply, 'POST', async () => {
        if (!parsed) throw new Error('bad query')
        await checkOrigin(request, reply, parsed.projectId)
      })
    },
  )

  app.post(
    '/v1/',
    {
      bodyLimit: 512 * 1024,
      config: { cors: false },
      schema: {
        summary: 'JSON-RPC proxy',
        description: `${namespaces.map((n) => n.docs).join(' ')} JSON or text/plain bodies; a batch holds at most ${MAX_BATCH_CALLS} calls, and every call counts against the budgets by its weight (1; eth_getLogs 20): per client and project per minute, per project per minute and per day (LATCH_RPC_*). eth_getLogs covers at most LATCH_RPC_LOGS_MAX_BLOCKS blocks (default ${DEFAULT_RPC_LIMITS.maxLogBlocks}), or one blockHash. An Origin is not authentication: it keeps other sites' pages out, nothing more.`,
        tags: ['rpc'],
        querystring: RpcQuery,
        // Checked call by call below: a malformed call is answered in JSON-RPC, not with a 400.
        body: Type.Unknown({ description: 'One JSON-RPC 2.0 call, or a batch (an array)' }),
        response: {
          200: Type.Union([RpcAnswerSchema, Type.Array(RpcAnswerSchema)]),
          ...errorResponses({
            400: 'VALIDATION_ERROR, or UNSUPPORTED_CHAIN when no upstream serves the chain or cluster',
            401: 'PROJECT_SECRET_REQUIRED: no Origin and no valid latch-project-secret',
            403: 'INVALID_PROJECT_ID or ORIGIN_NOT_ALLOWED',
            413: `PAYLOAD_TOO_LARGE: more than ${MAX_BATCH_CALLS} calls`,
            429: "RATE_LIMITED (the client's budget) or PROJECT_BUDGET_EXHAUSTED (the project's, per minute or per day)",
            503: 'RATE_LIMIT_UNAVAILABLE: the budgets cannot be counted (Redis down)',
            502: 'UPSTREAM_ERROR: the upstream serves another chain or cluster',
          }),
        },
      },
    },
    async (request, reply) => {
      const parsed = parseQuery(request.query, namespaces)
      if (!parsed)
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          'Invalid request: chainId and projectId are required',
        )
      await checkOrigin(request, reply, parsed.projectId)
      const calls = Array.isArray(request.body) ? request.body : [request.body]
      if (calls.length > MAX_BATCH_CALLS)
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `At most ${MAX_BATCH_CALLS} calls per batch`)
      if (calls.length === 0)
        throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request: empty batch')
      await app.budgets.spend(
        rpcBudgets(limits, request, parsed.projectId),
        weightOf(calls, weights),
      )
      const upstream = await parsed.upstreams.upstreamOf(parsed.chainId)
      if (!upstream)
        throw new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${parsed.chainId} is not served here`)
      const answer = async (raw: unknown) =>
        Value.Check(Call, raw)
          ? upstream.call(raw, request.log)
          : rpcError(null, -32600, 'Invalid request')
      const answers = Array.isArray(request.body)
        ? await Promise.all(calls.map(answer))
        : await answer(request.body)
      if (!upstream.serialize) return answers
      return reply.type('application/json').send(upstream.serialize(answers) as never)
    },
  )
}

export const rpcProxyRoutes = fp(rpcProxyRoutesPlugin, {
  name: 'latch-auth-rpc-proxy',
  encapsulate: true,
})
