import { latchTransport } from '@latch/core'
import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../errors.js'
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

const query = z.object({
  chainId: z.string().regex(/^(eip155:)?\d{1,12}$/),
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
})
const call = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(32).optional(),
})

type Call = z.infer<typeof call>

const rpcError = (id: Call['id'], code: number, message: string) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code, message },
})

/**
 * `POST /v1/?chainId=&projectId=` (seed §7): the JSON-RPC proxy the secure frame reads through.
 * Written here because the chain data service had none yet; it forwards to this server's own
 * node with the core RPC policy (3 attempts, 150 ms doubling, Retry-After, dedupe).
 */
export function rpcProxyRoutes(frameOrigins: readonly string[]): FastifyPluginAsync {
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
      { config: { cors: false }, schema: { hide: true } },
      async (request, reply) => {
        const parsed = query.safeParse(request.query)
        try {
          if (!parsed.success) throw new Error('bad query')
          await checkOrigin(request, reply, parsed.data.projectId)
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
        schema: { summary: 'JSON-RPC proxy', tags: ['rpc'] },
      },
      async (request, reply) => {
        const parsed = query.safeParse(request.query)
        if (!parsed.success)
          throw new HttpError(
            400,
            'VALIDATION_ERROR',
            'Invalid request: chainId and projectId are required',
          )
        await checkOrigin(request, reply, parsed.data.projectId)
        const wanted = Number(parsed.data.chainId.replace('eip155:', ''))
        if (wanted !== (await nodeChainId()))
          throw new HttpError(400, 'UNSUPPORTED_CHAIN', `Chain ${wanted} is not served here`)
        const forward = async (raw: unknown) => {
          const body = call.safeParse(raw)
          if (!body.success) return rpcError(null, -32600, 'Invalid request')
          if (!PROXIED_METHODS.has(body.data.method))
            return rpcError(body.data.id, -32601, 'Method not available through this proxy')
          try {
            const result = await transport.request({
              method: body.data.method,
              params: body.data.params,
            } as never)
            return { jsonrpc: '2.0' as const, id: body.data.id, result }
          } catch (error) {
            const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
            const code = typeof e.code === 'number' ? e.code : -32603
            const message =
              typeof e.details === 'string' ? e.details : String(e.shortMessage ?? 'Internal error')
            return rpcError(body.data.id, code, message)
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
