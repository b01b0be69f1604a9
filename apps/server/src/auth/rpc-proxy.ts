import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { latchTransport } from '@latch/core'
import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import { errorResponses, HttpError } from '../errors.js'
import {
  secondsSince,
  type UpstreamOutcome,
  type UpstreamRecorder,
  upstreamRecorder,
} from '../observability/metrics.js'
import { findProject, projectSecretMatches } from '../provider/projects.js'
import { readTextPlainAsJson } from '../provider/routes/events.js'
import { SOLANA_CAIP2 } from '../solana/config.js'
import { DEFAULT_RPC_LIMITS } from './rpc-config.js'
import { type BlockOfTag, checkLogRange, rpcBudgets, weightOf } from './rpc-limits.js'
import { SOLANA_PROXIED_METHODS, solanaJson, solanaUpstreams } from './rpc-proxy-solana.js'

/**
 * Methods the proxy forwards: reads, plus eth_sendRawTransaction (already signed, so it carries
 * no authority of ours). Signing methods never reach a node through here.
 */
export const PROXIED_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  // The embedded wallet's approval view simulates a transaction before asking (docs/embedded-wallet.md).
  'eth_simulateV1',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

// Lenient here and checked in the handler: a preflight with a bad query is a bare 403.
const RpcQuery = Type.Object({
  chainId: Type.Optional(
    Type.String({
      description: 'CAIP-2 (eip155:1, solana:<genesis hash prefix>) or a decimal chain id',
    }),
  ),
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
})
const CHAIN_ID = /^(eip155:)?\d{1,12}$/
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

function parseQuery(query: Static<typeof RpcQuery>) {
  const { chainId, projectId } = query
  return chainId &&
    projectId &&
    (CHAIN_ID.test(chainId) || SOLANA_CAIP2.test(chainId)) &&
    PROJECT_ID.test(projectId)
    ? { chainId, projectId }
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

const RpcAnswer = Type.Object({
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

const rpcError = (id: Call['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code, message },
})

/** The header a server (a request without Origin) names the project's secret in. */
export const PROJECT_SECRET_HEADER = 'latch-project-secret'

/** Calls in one batch; a page's viem client batches far fewer. */
export const MAX_BATCH_CALLS = 100
/** Default weighted calls per minute per client (address) and project (LATCH_RPC_*, rpc-config.ts). */
export const CALLS_PER_CLIENT_PER_MINUTE = DEFAULT_RPC_LIMITS.clientPerMinute
/** Default weighted calls per minute per project, all clients together. */
export const CALLS_PER_PROJECT_PER_MINUTE = DEFAULT_RPC_LIMITS.projectPerMinute

type Transport = ReturnType<ReturnType<typeof latchTransport>>

/** The block numbers of `latest`, `safe` and `finalized`, asked once per request. */
function blockTags(transport: Transport): BlockOfTag {
  const asked = new Map<string, Promise<bigint>>()
  return (tag) => {
    let answer = asked.get(tag)
    if (!answer) {
      answer =
        tag === 'latest'
          ? transport.request({ method: 'eth_blockNumber' }).then((n) => BigInt(n as string))
          : transport
              .request({ method: 'eth_getBlockByNumber', params: [tag, false] } as never)
              // A node without finality yet has no such block: count from genesis.
              .then((block) => BigInt((block as { number?: string } | null)?.number ?? 0))
      asked.set(tag, answer)
    }
    return answer
  }
}

interface EvmContext {
  transport: Transport
  log: FastifyBaseLogger
  chainId: number
  maxLogBlocks: number
  blockOf: BlockOfTag
  record: UpstreamRecorder
}

/** One checked call to an EVM upstream, answered in JSON-RPC whatever happens. */
async function evmCall(body: Call, context: EvmContext): Promise<Static<typeof RpcAnswer>> {
  const { transport, log, chainId } = context
  if (!PROXIED_METHODS.has(body.method))
    return rpcError(body.id, -32601, 'Method not available through this proxy')
  // Timed from the forwarded call itself: a refused eth_getLogs range never reached the node.
  let start: number | undefined
  const record = (outcome: UpstreamOutcome) => {
    if (start !== undefined)
      context.record(`eip155:${chainId}`, body.method, outcome, secondsSince(start))
  }
  try {
    if (body.method === 'eth_getLogs') {
      const refusal = await checkLogRange(body.params, context.maxLogBlocks, context.blockOf)
      if (refusal) return rpcError(body.id, refusal.code, refusal.message)
    }
    start = performance.now()
    const result = await transport.request({ method: body.method, params: body.params } as never)
    record('ok')
    return { jsonrpc: '2.0' as const, id: body.id, result }
  } catch (error) {
    const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
    const code = typeof e.code === 'number' ? e.code : -32603
    // Node errors (reverts, nonce too low) reach the caller; transport failures, whose
    // messages may quote the upstream URL with its key, stay in the log.
    if (code === -32603 || typeof e.details !== 'string') {
      record('failed')
      log.warn({ err: error, chainId }, 'upstream call failed')
      return rpcError(body.id, -32603, 'Upstream request failed')
    }
    record('rpc_error')
    return rpcError(body.id, code, e.details)
  }
}

/**
 * `POST /v1/?chainId=&projectId=` (docs/behaviour.md#wire): the JSON-RPC proxy that pages (the
 * secure frame, the web app, an AppKit app) read chains through. Each chain has its upstream
 * (LATCH_RPC_URLS, defaulting to the indexed chains' nodes), called with the core RPC policy
 * (3 attempts, 150 ms doubling, Retry-After, dedupe). Bodies are JSON or text/plain JSON.
 * `solana:` ids go to the cluster's RPC of LATCH_SOLANA_CLUSTERS with their own method list
 * (rpc-proxy-solana.ts); checks, limits and batch rules are the same.
 */
export function rpcProxyRoutes(frameOrigins: readonly string[]): FastifyPluginAsyncTypebox {
  return async (app) => {
    readTextPlainAsJson(app)
    const upstreams = app.config.chainData.rpcUrls
    const record = upstreamRecorder(app)
    const solana = solanaUpstreams(app.config.chainData.solana.clusters, app.log, record)
    const transports = new Map<number, Transport>()
    // An upstream must serve the chain it is configured for; checked once, on first use.
    const verified = new Map<number, Promise<boolean>>()
    const upstreamOf = async (chainId: number): Promise<Transport | undefined> => {
      const url = upstreams.get(chainId)
      if (!url) return undefined
      let transport = transports.get(chainId)
      if (!transport) {
        transport = latchTransport(url, { batchSize: false })({})
        transports.set(chainId, transport)
      }
      let check = verified.get(chainId)
      if (!check) {
        const t = transport
        check = (async () =>
          Number.parseInt((await t.request({ method: 'eth_chainId' })) as string, 16) === chainId)()
        verified.set(chainId, check)
        // A node that was down is asked again next time rather than judged forever.
        check.catch(() => verified.delete(chainId))
      }
      if (!(await check.catch(() => true))) {
        app.log.error(
          { chainId },
          'the RPC upstream configured for this chain serves another chain',
        )
        throw new HttpError(
          502,
          'UPSTREAM_ERROR',
          `The upstream of chain ${chainId} is not available`,
        )
      }
      return transport
    }
    const limits = app.config.rpc

    const checkOrigin = async (request: FastifyRequest, reply: FastifyReply, projectId: string) => {
      const project = await findProject(app.db, projectId)
      if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
      const origin = request.headers.origin
      // An Origin is no proof of a browser: any client can write one, and the allow-list is
      // public (/projects/v1/origins). It only keeps other sites' pages out; the budgets below
      // are what bound a script (docs/provider-services.md#rpc-proxy).
      if (typeof origin !== 'string') {
        // Not a browser: a server, which must hold the project's secret, or this would be an
        // open relay to the upstreams.
        const secret = request.headers[PROJECT_SECRET_HEADER]
        if (typeof secret !== 'string' || !(await projectSecretMatches(app.db, projectId, secret)))
          throw new HttpError(
            401,
            'PROJECT_SECRET_REQUIRED',
            `Calls without a browser Origin need the project's secret in ${PROJECT_SECRET_HEADER}`,
          )
        return
      }
      if (!frameOrigins.includes(origin) && !isOriginAllowed(origin, project.allowedOrigins))
        throw new HttpError(
          403,
          'ORIGIN_NOT_ALLOWED',
          `Origin ${origin} is not allowed for this project`,
        )
      reply.header('access-control-allow-origin', origin)
      reply.header('vary', 'Origin')
    }

    app.options(
      '/v1/',
      { config: { cors: false }, schema: { hide: true, querystring: RpcQuery } },
      async (request, reply) => {
        const parsed = parseQuery(request.query)
        try {
          if (!parsed) throw new Error('bad query')
          await checkOrigin(request, reply, parsed.projectId)
        } catch {
          return reply.status(403).send()
        }
        reply.header('access-control-allow-methods', 'POST')
        reply.header('access-control-allow-headers', 'content-type')
        reply.header('access-control-max-age', '600')
        return reply.status(204).send()
      },
    )

    app.post(
      '/v1/',
      {
        bodyLimit: 512 * 1024,
        config: { cors: false },
        schema: {
          summary: 'JSON-RPC proxy',
          description: `Forwards reads and eth_sendRawTransaction to the chain's upstream (LATCH_RPC_URLS): ${[...PROXIED_METHODS].join(', ')}. For a Solana cluster (chainId solana:…, LATCH_SOLANA_CLUSTERS): ${[...SOLANA_PROXIED_METHODS].join(', ')}. JSON or text/plain bodies; a batch holds at most ${MAX_BATCH_CALLS} calls, and every call counts against the budgets by its weight (1; eth_getLogs 20): per client and project per minute, per project per minute and per day (LATCH_RPC_*). eth_getLogs covers at most LATCH_RPC_LOGS_MAX_BLOCKS blocks (default ${DEFAULT_RPC_LIMITS.maxLogBlocks}), or one blockHash. An Origin is not authentication: it keeps other sites' pages out, nothing more.`,
          tags: ['rpc'],
          querystring: RpcQuery,
          // Checked call by call below: a malformed call is answered in JSON-RPC, not with a 400.
          body: Type.Unknown({ description: 'One JSON-RPC 2.0 call, or a batch (an array)' }),
          response: {
            200: Type.Union([RpcAnswer, Type.Array(RpcAnswer)]),
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
        const parsed = parseQuery(request.query)
        if (!parsed)
          throw new HttpError(
            400,
            'VALIDATION_ERROR',
            'Invalid request: chainId and projectId are required',
          )
        await checkOrigin(request, reply, parsed.projectId)
        const calls = Array.isArray(request.body) ? request.body : [request.body]
        if (calls.length > MAX_BATCH_CALLS)
          throw new HttpError(
            413,
            'PAYLOAD_TOO_LARGE',
            `At most ${MAX_BATCH_CALLS} calls per batch`,
          )
        if (calls.length === 0)
          throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid request: empty batch')
        await app.budgets.spend(rpcBudgets(limits, request, parsed.projectId), weightOf(calls))
        if (parsed.chainId.startsWith('solana:')) {
          const cluster = await solana.upstreamOf(parsed.chainId)
          if (!cluster)
            throw new HttpError(
              400,
              'UNSUPPORTED_CHAIN',
              `Chain ${parsed.chainId} is not served here`,
            )
          const answer = (raw: unknown) =>
            Value.Check(Call, raw)
              ? cluster.call(raw, request.log)
              : rpcError(null, -32600, 'Invalid request')
          const answers = Array.isArray(request.body)
            ? await Promise.all(calls.map(answer))
            : await answer(request.body)
          // Written here, not by the schema's serializer: u64 values keep every digit.
          return reply.type('application/json').send(solanaJson(answers) as never)
        }
        const wanted = Number(parsed.chainId.replace('eip155:', ''))
        const transport = await upstreamOf(wanted)
        if (!transport)
          throw new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${wanted} is not served here`)
        const context: EvmContext = {
          transport,
          log: request.log,
          chainId: wanted,
          maxLogBlocks: limits.maxLogBlocks,
          blockOf: blockTags(transport),
          record,
        }
        const forward = async (raw: unknown) => {
          if (!Value.Check(Call, raw)) return rpcError(null, -32600, 'Invalid request')
          return evmCall(raw, context)
        }
        if (Array.isArray(request.body)) return Promise.all(calls.map(forward))
        return forward(request.body)
      },
    )
  }
}
