import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { type BudgetStore, createBudgetStore } from './budgets.js'
import { HttpError } from './errors.js'

/** docs/behaviour.md#limits: at most 5 error reports per 60 seconds, per client. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * Reads (origins, config, analytics config, wallets) per client, project and route: far above
 * what a page needs (a handful per load), low enough that one address cannot flood the database.
 */
export const DEFAULT_READ_LIMIT_PER_MINUTE = 600

/** The per-minute budget of project-scoped reads, passed to every route plugin that serves them. */
export interface ReadLimitOptions {
  readLimitPerMinute: number
}

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

export class RateLimitUnavailableError extends HttpError {
  override name = 'RateLimitUnavailableError'
  constructor() {
    super(503, 'RATE_LIMIT_UNAVAILABLE', 'Try again shortly: the server cannot count requests now')
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** False while the shared limit store (Redis) is down and limits fail closed. */
    rateLimitStoreReady(): boolean
    /** Weighted budgets (the RPC proxy's) in the same store as the rate limits (budgets.ts). */
    budgets: BudgetStore
    /** The limits' Redis client (REDIS_URL), for the readiness probe (observability/probes.ts). */
    rateLimitRedis: Redis | undefined
  }
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

export interface RateLimitsOptions {
  /** REDIS_URL: the counters' shared store; without it they live in process memory. */
  redisUrl?: string | undefined
  /** LATCH_RATE_LIMIT_ON_REDIS_FAILURE=open: while Redis is down, limited routes go unlimited. */
  failOpen?: boolean | undefined
}

/**
 * Registers @fastify/rate-limit, once for the whole app, for the routes that opt in
 * (`config.rateLimit`: provider reads, `POST /e`, every auth route). With
 * `REDIS_URL` the counters live in Redis, so several server processes share one limit;
 * otherwise in process memory. When Redis is down, limited routes answer 503 (fail closed), unless
 * `failOpen` lets them through unlimited (LATCH_RATE_LIMIT_ON_REDIS_FAILURE=open; docs/deployment.md).
 */
const plugin: FastifyPluginAsync<RateLimitsOptions> = async (app, options) => {
  const { redisUrl, failOpen = false } = options
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
      app.log.warn(
        failOpen
          ? 'Redis did not answer at start; rate limits are skipped until it does'
          : 'Redis did not answer at start; rate-limited routes answer 503 until it does',
      )
    const store = redis
    if (!failOpen)
      // Checked up front: without an offline queue a down Redis fails each count at once.
      app.addHook('onRequest', async (request) => {
        if (store.status !== 'ready' && request.routeOptions.config?.rateLimit)
          throw new RateLimitUnavailableError()
      })
  }
  app.decorate('rateLimitStoreReady', () => !redis || failOpen || redis.status === 'ready')
  app.decorate('budgets', createBudgetStore(redis, { failOpen }))
  app.decorate('rateLimitRedis', redis)
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'latch-rl:',
    skipOnError: failOpen,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.ceil(context.ttl / 1000)),
  })
}

/** Not encapsulated: the decorators and the store are the whole app's, registered once. */
export const rateLimits = fp(plugin, { name: 'latch-rate-limits' })

/**
 * Analytics events (`POST /e` track events and every event of a `POST /batch`) per client and
 * project per minute: a page sends a few dozen; a script flooding one project's table stops here.
 */
export const ANALYTICS_EVENTS_PER_MINUTE = 600

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

/** One limiter shared by `POST /e` and `POST /batch`, so the two routes draw on one budget. */
export interface AnalyticsRouteOptions {
  analyticsLimiter: Limiter
}

export function createAnalyticsLimiter(app: FastifyInstance): Limiter {
  return app.createRateLimit({
    max: ANALYTICS_EVENTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `analytics|${rateLimitKey(request)}`,
  })
}

/** Counts `weight` units against a limiter; refuses with 429 once the budget is spent. */
export async function spendRateLimit(
  limiter: Limiter,
  request: FastifyRequest,
  weight: number,
): Promise<void> {
  if (!request.server.rateLimitStoreReady()) throw new RateLimitUnavailableError()
  for (let i = 0; i < weight; i++) {
    const outcome = await limiter(request)
    // `isAllowed` means "on the allow-list"; the count is in `isExceeded`.
    if (!outcome.isAllowed && outcome.isExceeded) throw new RateLimitedError(outcome.ttlInSeconds)
  }
}
