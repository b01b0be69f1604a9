import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { HttpError } from '../errors.js'

/** docs/behaviour.md#limits: at most 5 error reports per 60 seconds, per client. */
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
    super(429, 'RATE_LIMITED', `Please try again after ${retryAfterSeconds} seconds`)
  }
}

function connected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs)
    const onReady = () => done(true)
    function done(value: boolean) {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(value)
    }
    redis.once('ready', onReady)
  })
}

/**
 * Registers @fastify/rate-limit, once for the whole app, for the routes that opt in
 * (`config.rateLimit`: provider reads, `POST /e`, every auth route). With
 * `REDIS_URL` the counters live in Redis, so several server processes share one limit;
 * otherwise in process memory. A Redis outage lets requests through rather than failing them.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined) {
  let redis: Redis | undefined
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      // While Redis is unreachable a check fails at once (and is skipped) instead of queueing:
      // an outage must not add seconds to every request.
      enableOfflineQueue: false,
    })
    // ioredis reconnects by itself; without a listener an outage would crash the process.
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'))
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect())
    })
    // Without an offline queue, checks made before the first connection would be skipped.
    if (!(await connected(redis, 2_000)))
      app.log.warn('Redis did not answer at start; rate limits are skipped until it does')
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
