import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import { rpcBudgets, weightOf } from '../../../auth/rpc-limits.js'
import { errorResponses, HttpError } from '../../../http/errors.js'
import { answerPreflight, checkProjectCaller } from '../../../http/project-caller.js'
import { readTextPlainAsJson } from '../../../provider-services/routes/events.js'
import { paymasterRoutes } from '../paymaster/routes.js'
import { projectAndChain } from './access.js'
import { bundlerMethods, bundlerWeights, isBundlerMethod, paramsProblem } from './methods.js'

// Lenient here and checked in the handler: a preflight with a bad query is a bare 403.
const BundlerQuery = Type.Object({
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
  chainId: Type.Optional(Type.String({ description: 'eip155:<id> or a decimal chain id' })),
  bundler: Type.Optional(
    Type.String({
      description:
        "The client's name for its bundler (e.g. pimlico). The server keeps one bundler per chain (LATCH_BUNDLER_URLS) and answers with it whatever the name.",
    }),
  ),
})
const BUNDLER_NAME = /^[a-z0-9-]{1,32}$/

function parseQuery(query: Static<typeof BundlerQuery>) {
  if (query.bundler !== undefined && !BUNDLER_NAME.test(query.bundler)) return undefined
  return projectAndChain(query)
}

const Call = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Number(), Type.Null()]),
  method: Type.String({ maxLength: 64 }),
  params: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 8 })),
})
type Call = Static<typeof Call>

const Answer = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(
    Type.Object({
      code: Type.Number(),
      message: Type.String(),
      data: Type.Optional(Type.Unknown({ description: "The bundler's details, e.g. a revert" })),
    }),
  ),
})
type Answer = Static<typeof Answer>

const rpcError = (id: Call['id'], code: number, message: string): Answer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** Calls in one batch: a smart-account client sends one or two at a time. */
export const MAX_BUNDLER_BATCH = 20
const BUNDLER_TIMEOUT_MS = 30_000

export interface BundlerRoutesOptions {
  /** The secure frame's origins, which may call for any project (like the RPC proxy). */
  frameOrigins: readonly string[]
}

/**
 * `POST /v1/bundler?projectId=&chainId=&bundler=`: the ERC-4337 bundler proxy a smart account's
 * client sends user operations through. Project-scoped and budgeted exactly like the RPC proxy
 * (`/v1/`, auth/rpc-proxy.ts), forwarding only the methods of methods.ts, each with checked params,
 * to the chain's bundler in LATCH_BUNDLER_URLS. `GET` says what it serves for the chain.
 */
const bundlerRoutesPlugin: FastifyPluginAsyncTypebox<BundlerRoutesOptions> = async (
  app,
  { frameOrigins },
) => {
  readTextPlainAsJson(app)
  const bundlers = app.config.bundlers
  const limits = app.config.rpc

  const checkOrigin = (request: FastifyRequest, reply: FastifyReply, projectId: string) =>
    checkProjectCaller(app, frameOrigins, request, reply, projectId)

  const bundlerOf = (chainId: number) => {
    const url = bundlers.get(chainId)
    if (!url)
      throw new HttpError(
        400,
        'UNSUPPORTED_CHAIN',
        `No bundler serves chain eip155:${chainId} here`,
      )
    return url
  }

  const forward = async (url: string, call: Call, request: FastifyRequest): Promise<Answer> => {
    let res: Response
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: call.method,
          params: call.params ?? [],
        }),
        signal: AbortSignal.timeout(BUNDLER_TIMEOUT_MS),
      })
    } catch (error) {
      request.log.warn({ err: error, method: call.method }, 'bundler unreachable')
      return rpcError(call.id, -32603, 'The bundler did not answer')
    }
    const body = (await res.json().catch(() => null)) as Partial<Answer> | null
    if (!body || (body.result === undefined && !Value.Check(Answer.properties.error, body.error))) {
      request.log.warn(
        { status: res.status, method: call.method },
        'bundler answered out of JSON-RPC',
      )
      return rpcError(
        call.id,
        -32603,
        `The bundler answered HTTP ${res.status} without a JSON-RPC answer`,
      )
    }
    // Our id, never the bundler's: the client matches answers by the id it sent.
    return body.error
      ? { jsonrpc: '2.0', id: call.id, error: body.error }
      : { jsonrpc: '2.0', id: call.id, result: body.result }
  }

  const answer = async (url: string, raw: unknown, request: FastifyRequest): Promise<Answer> => {
    if (!Value.Check(Call, raw)) return rpcError(null, -32600, 'Invalid request')
    if (!isBundlerMethod(raw.method))
      return rpcError(
        raw.id,
        -32601,
        `${raw.method} is not served on the bundler route (it forwards ${Object.keys(bundlerMethods).join(', ')})`,
      )
    const problem = paramsProblem(raw.method, raw.params)
    if (problem) return rpcError(raw.id, -32602, problem)
    return forward(url, raw, request)
  }

  app.options(
    '/v1/bundler',
    { config: { cors: false }, schema: { hide: true, querystring: BundlerQuery } },
    async (request, reply) => {
      const parsed = parseQuery(request.query)
      return answerPreflight(reply, 'GET, POST', async () => {
        if (!parsed) throw new Error('bad query')
        await checkOrigin(request, reply, parsed.projectId)
      })
    },
  )

  const queryProblem = () =>
    new HttpError(
      400,
      'VALIDATION_ERROR',
      'Invalid request: projectId and chainId (eip155:<id> or a decimal id) are required; bundler, when given, is a lowercase name',
    )
  const errors = errorResponses({
    400: 'VALIDATION_ERROR, or UNSUPPORTED_CHAIN when no bundler serves the chain',
    401: 'PROJECT_SECRET_REQUIRED: no Origin and no valid latch-project-secret',
    403: 'INVALID_PROJECT_ID or ORIGIN_NOT_ALLOWED',
    413: `PAYLOAD_TOO_LARGE: more than ${MAX_BUNDLER_BATCH} calls`,
    429: 'RATE_LIMITED or PROJECT_BUDGET_EXHAUSTED: the RPC proxy budgets, shared',
    503: 'RATE_LIMIT_UNAVAILABLE: the budgets cannot be counted (Redis down)',
  })

  app.get(
    '/v1/bundler',
    {
      config: { cors: false },
      schema: {
        summary: 'What the bundler proxy serves for a chain',
        tags: ['rpc'],
        querystring: BundlerQuery,
        response: {
          200: Type.Object({
            chainId: Type.String(),
            methods: Type.Array(Type.String()),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const parsed = parseQuery(request.query)
      if (!parsed) throw queryProblem()
      await checkOrigin(request, reply, parsed.projectId)
      bundlerOf(parsed.chainId)
      return { chainId: `eip155:${parsed.chainId}`, methods: Object.keys(bundlerMethods) }
    },
  )

  app.post(
    '/v1/bundler',
    {
      bodyLimit: 512 * 1024,
      config: { cors: false },
      schema: {
        summary: 'ERC-4337 bundler proxy',
        description: `Forwards ${Object.keys(bundlerMethods).join(', ')} (params checked per method; anything else is a JSON-RPC -32601) to the chain's bundler (LATCH_BUNDLER_URLS). Same origin rules and budgets as the RPC proxy; a send or an estimate costs ${bundlerWeights.eth_sendUserOperation} calls. JSON or text/plain bodies; a batch holds at most ${MAX_BUNDLER_BATCH} calls.`,
        tags: ['rpc'],
        querystring: BundlerQuery,
        body: Type.Unknown({ description: 'One JSON-RPC 2.0 call, or a batch (an array)' }),
        response: { 200: Type.Union([Answer, Type.Array(Answer)]), ...errors },
      },
    },
    async (request, reply) => {
      const parsed = parseQuery(request.query)
      if (!parsed) throw queryProblem()
      await checkOrigin(request, reply, parsed.projectId)
      const calls = Array.isArray(request.body) ? request.body : [request.body]
      if (calls.length > MAX_BUNDLER_BATCH)
        throw new HttpError(
          413,
          'PAYLOAD_TOO_LARGE',
          `At most ${MAX_BUNDLER_BATCH} calls per batch`,
        )
      if (calls.length === 0)
        throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request: empty batch')
      const url = bundlerOf(parsed.chainId)
      await app.budgets.spend(
        rpcBudgets(limits, request, parsed.projectId),
        weightOf(calls, bundlerWeights),
      )
      return Array.isArray(request.body)
        ? Promise.all(calls.map((call) => answer(url, call, request)))
        : answer(url, request.body, request)
    },
  )
  // The ERC-7677 paymaster service beside it, when a paymaster is configured.
  if (app.config.paymaster)
    await app.register(paymasterRoutes, { frameOrigins, config: app.config.paymaster })
}

export const bundlerRoutes = fp(bundlerRoutesPlugin, { name: 'latch-bundler', encapsulate: true })
