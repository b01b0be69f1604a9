import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { isAdminRequest } from '../admin/token.js'
import { type ChainStatus, chainRpcUrl, checkChain } from '../chain.js'
import { withTimeout } from '../timeout.js'

// A database that hangs is as down as one that refuses; the probe must answer either way.
const DATABASE_TIMEOUT_MS = 3_000

export interface HealthBody {
  status: 'ok' | 'degraded'
  database: { ok: boolean; kind: 'pglite' | 'postgres'; error?: string }
  chain: Omit<ChainStatus, 'rpcUrl'> & { rpcUrl?: string }
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
    rpcUrl: Type.Optional(Type.String({ description: 'Only with the admin token' })),
    chainId: Type.Optional(Type.Integer()),
    // A string: block numbers are bigints.
    blockNumber: Type.Optional(Type.String()),
    error: Type.Optional(Type.String({ description: 'Only with the admin token' })),
  }),
})

/** Orchestrators probe every few seconds; far more than that from one address is abuse. */
export const HEALTH_CHECKS_PER_MINUTE = 120

/**
 * `GET /healthz`: 200 while the database answers; a dead chain only degrades the status. Anyone
 * sees the status, the database kind and the chain's id and head; the node's URL (it may hold an
 * API key) and error texts (they may quote it) need the admin token (docs/deployment.md).
 */
const healthRoutesPlugin: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: { max: HEALTH_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
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
      const status = database.ok && chain.ok ? 'ok' : 'degraded'
      if (isAdminRequest(request.headers.authorization, app.config.adminToken))
        return { status, database, chain }
      const { rpcUrl: _url, error: _chainError, ...publicChain } = chain
      const { error: _databaseError, ...publicDatabase } = database as HealthBody['database']
      return { status, database: publicDatabase, chain: publicChain }
    },
  )
}

export const healthRoutes = fp(healthRoutesPlugin, { name: 'latch-health', encapsulate: true })
