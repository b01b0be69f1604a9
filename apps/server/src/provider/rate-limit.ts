import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { HttpError } from '../errors.js'

/** Seed §9: at most 5 error reports per 60 seconds, per client. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * Reads (origins, config, analytics config, wallets) per client, project and route: far above
 * what a page needs (a handful per load), low enough that one address cannot flood the database.
 */
export const DEFAULT_READ_LIMIT_PER_MINUTE = 600

/** Route config for a rate-limited project-scoped read. */
export function readRateLimit(max: number) {
  return {
    max,
    timeWindow: 60_000,
    // After the project scope: requests for unknown projects are refused before counting.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => rateLimitKey(request),
  }
}

/** A client is one address calling for one project. */
export function rateLimitKey(request: FastifyRequest): string {
  const { projectId } = request.query as { projectId?: string }
  return `${projectId ?? ''}|${request.ip}`
}

export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError'
  constructor(retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `Too many requests; retry in ${retryAfterSeconds} s`)
  }
}

/**
 * Registers @fastify/rate-limit for the routes that opt in (`config.rateLimit`). With
 * `REDIS_URL` the counters live in Redis, so several server processes share one limit;
 * otherwise in process memory. A Redis outage lets requests through rather than failing them.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined) {
  let redis: Redis | undefined
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    })
    // ioredis reconnects by itself; without a listener an outage would crash the process.
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'))
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect())
    })
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'latch-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.ceil(context.ttl / 1000)),
  })
}
