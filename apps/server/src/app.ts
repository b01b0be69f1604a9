import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
} from 'fastify'
import type { PublicClient } from 'viem'
import { adminRoutes } from './admin/plugin.js'
import { authRoutes } from './auth/plugin.js'
import { createChainClient } from './chain.js'
import { bundlerRoutes } from './chains/eip155/bundler/routes.js'
import { convertRoutes } from './chains/eip155/convert/routes.js'
import { chainDataPlugin } from './chains/plugin.js'
import { type Config, localKeyFiles, PRODUCTION_SECRETS } from './config.js'
import type { DatabaseHandle, Db } from './db/types.js'
import { frameHostingPlugin } from './frame-hosting/plugin.js'
import { errorAnswers } from './http/errors.js'
import { rateLimits } from './http/rate-limit.js'
import { trustProxyOption } from './http/trust-proxy.js'
import { createLogger } from './logger.js'
import { nameRoutes } from './names/plugin.js'
import { healthRoutes } from './observability/health.js'
import { metricsRoutes } from './observability/metrics-endpoint.js'
import { observability } from './observability/plugin.js'
import { probeRoutes } from './observability/probes.js'
import { requestIdGenerator } from './observability/request-id.js'
import { onrampRoutes } from './onramp/plugin.js'
import { providerRoutes } from './provider-services/plugin.js'
import { siwxRoutes } from './siwx/plugin.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    /** Drizzle, typed with the whole schema; the same on PGlite and Postgres. */
    db: Db
    /** The open database: kind, ping, raw client. */
    database: DatabaseHandle
    /** viem client of the configured chain node. */
    chain: PublicClient
  }
}

export interface BuildAppOptions {
  config: Config
  db: DatabaseHandle
  /** Defaults to a pino logger at `config.logLevel`. */
  logger?: FastifyBaseLogger
  /** Defaults to a client of `config.chainRpcUrl` with a short timeout. */
  chain?: PublicClient
  /** The auth routes' clock; tests move it instead of waiting (defaults to the real one). */
  now?: (() => Date) | undefined
  /** Extra route plugins (chain data, provider services), registered after the core routes. */
  plugins?: FastifyPluginAsync[]
}

/** The HTTP app, ready to `listen()` or `inject()`. Owns neither the database nor the chain. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config),
    routerOptions: { ignoreTrailingSlash: true },
    // Off unless configured: a forged X-Forwarded-For must not pick the client's rate-limit bucket.
    trustProxy: trustProxyOption(config.trustProxy),
    // An x-request-id is believed only from the proxies trusted above (observability/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  })
  app.decorate('config', config)
  app.decorate('db', options.db.db)
  app.decorate<DatabaseHandle>('database', options.db)
  app.decorate('chain', options.chain ?? createChainClient(config.chainRpcUrl))

  await app.register(errorAnswers)
  await app.register(observability)
  await app.register(cors, {
    origin: config.webOrigins.length > 0 ? config.webOrigins : false,
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Latch server', version: '0.1.0' } },
  })
  if (config.docs) await app.register(swaggerUi, { routePrefix: '/docs' })
  const keyFiles = localKeyFiles(config)
  if (keyFiles.length > 0)
    app.log.warn(
      `development keys are read from files beside the database (${keyFiles.join(', ')}); production needs ${PRODUCTION_SECRETS.join(', ')} from the environment`,
    )
  // Once, before any route: the limits of provider and auth routes share one store.
  await app.register(rateLimits, {
    redisUrl: config.redisUrl,
    failOpen: config.rateLimitFailOpen,
  })

  // First: on a frame host, its hook must turn away every route registered after it.
  await app.register(frameHostingPlugin)
  await app.register(healthRoutes)
  await app.register(probeRoutes)
  await app.register(metricsRoutes)
  await app.register(providerRoutes)
  await app.register(authRoutes, { now: options.now })
  await app.register(bundlerRoutes, { frameOrigins: config.auth.frameOrigins })
  await app.register(convertRoutes)
  await app.register(chainDataPlugin)
  await app.register(siwxRoutes, { now: options.now })
  await app.register(nameRoutes, { now: options.now })
  await app.register(onrampRoutes, { now: options.now })
  if (config.adminToken) await app.register(adminRoutes, { token: config.adminToken })
  for (const plugin of options.plugins ?? []) await app.register(plugin)
  return app
}
