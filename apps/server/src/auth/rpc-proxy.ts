import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { latchTransport } from '@latch/core'
import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import { errorResponses, HttpError } from '../errors.js'
import { findProject } from '../provider/projects.js'

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
  chainId: Type.Optional(Type.String({ description: 'CAIP-2 (eip155:1) or a decimal chain id' })),
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
})
const CHAIN_ID = /^(eip155:)?\d{1,12}$/
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

function parseQuery(query: Static<typeof RpcQuery>) {
  const { chainId, projectId } = query
  return chainId && projectId && CHAIN_ID.test(chainId) && PROJECT_ID.test(projectId)
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
  error: Type.Optional(Type.Object({ code: Type.Number(), message: Type.String() })),
})

const rpcError = (id: Call['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code, message },
})

/**
 * `POST /v1/?chainId=&projectId=` (docs/behaviour.md#wire): the JSON-RPC proxy the secure frame reads through.
 * Written here because the chain data service had none yet; it forwards to this server's own
 * node with the core RPC policy (3 attempts, 150 ms doubling, Retry-After, dedupe).
 */
export function rpcProxyRoutes(frameOrigins: readonly string[]): FastifyPluginAsyncTypebox {
  return async (app) => {
    const transport = latchTransport(app.config.chainRpcUrl, { batchSize: false })({})
    let chainId: number | undefined
    const nodeChainId = async () => {
      chainId ??= Number.parseInt(
        (await transport.request({ method: 'eth_chainId' })) as string,
        16,
      )
      return chainId
    }

    const checkOrigin = async (request: FastifyRequest, reply: FastifyReply, projectId: string) => {
      const project = await findProject(app.db, projectId)
      if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
      const origin = request.headers.origin
      if (typeof origin !== 'string') return
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
        config: { cors: false, rateLimit: { max: 600, timeWindow: 60_000 } },
        schema: {
          summary: 'JSON-RPC proxy',
          description: `Forwards reads and eth_sendRawTransaction to this server's node: ${[...PROXIED_METHODS].join(', ')}. A batch holds at most 100 calls.`,
          tags: ['rpc'],
          querystring: RpcQuery,
          // Checked call by call below: a malformed call is answered in JSON-RPC, not with a 400.
          body: Type.Unknown({ description: 'One JSON-RPC 2.0 call, or a batch (an array)' }),
          response: {
            200: Type.Union([RpcAnswer, Type.Array(RpcAnswer)]),
            ...errorResponses({
              400: 'VALIDATION_ERROR, or UNSUPPORTED_CHAIN when the node serves another chain',
              403: 'INVALID_PROJECT_ID or ORIGIN_NOT_ALLOWED',
              413: 'PAYLOAD_TOO_LARGE: more than 100 calls',
              429: 'RATE_LIMITED',
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
        const wanted = Number(parsed.chainId.replace('eip155:', ''))
        if (wanted !== (await nodeChainId()))
          throw new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${wanted} is not served here`)
        const forward = async (raw: unknown) => {
          if (!Value.Check(Call, raw)) return rpcError(null, -32600, 'Invalid request')
          const body = raw
          if (!PROXIED_METHODS.has(body.method))
            return rpcError(body.id, -32601, 'Method not available through this proxy')
          try {
            const result = await transport.request({
              method: body.method,
              params: body.params,
            } as never)
            return { jsonrpc: '2.0' as const, id: body.id, result }
          } catch (error) {
            const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
            const code = typeof e.code === 'number' ? e.code : -32603
            const message =
              typeof e.details === 'string' ? e.details : String(e.shortMessage ?? 'Internal error')
            return rpcError(body.id, code, message)
          }
        }
        if (Array.isArray(request.body)) {
          if (request.body.length > 100)
            throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'At most 100 calls per batch')
          return Promise.all(request.body.map(forward))
        }
        return forward(request.body)
      },
    )
  }
}
