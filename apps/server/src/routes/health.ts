import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { type ChainStatus, chainRpcUrl, checkChain } from '../chain.js'
import { withTimeout } from '../timeout.js'

// A database that hangs is as down as one that refuses; the probe must answer either way.
const DATABASE_TIMEOUT_MS = 3_000

export interface HealthBody {
  status: 'ok' | 'degraded'
  database: { ok: boolean; kind: 'pglite' | 'postgres'; error?: string }
  chain: ChainStatus
}

const healthSchema = Type.Object({
  status: Type.Enum(['ok', 'degraded']),
  database: Type.Object({
    ok: Type.Boolean(),
    kind: Type.Enum(['pglite', 'postgres']),
    error: Type.Optional(Type.String()),
  }),
  chain: Type.Object({
    ok: Type.Boolean(),
    rpcUrl: Type.String(),
    chainId: Type.Optional(Type.Integer()),
    // A string: block numbers are bigints.
    blockNumber: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  }),
})

/** `GET /healthz`: 200 while the database answers; a dead chain only degrades the status. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness of the server, its database and its chain node',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply): Promise<HealthBody> => {
      const [database, chain] = await Promise.all([
        withTimeout(app.database.ping(), DATABASE_TIMEOUT_MS, 'database').then(
          () => ({ ok: true, kind: app.database.kind }),
          (error: Error) => {
            request.log.warn({ err: error }, 'database ping failed')
            return { ok: false, kind: app.database.kind, error: 'database did not answer' }
          },
        ),
        checkChain(app.chain, chainRpcUrl(app.chain, app.config.chainRpcUrl)),
      ])
      reply.status(database.ok ? 200 : 503)
      return { status: database.ok && chain.ok ? 'ok' : 'degraded', database, chain }
    },
  )
}
