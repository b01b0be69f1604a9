import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { isAdminRequest } from '../admin/token.js'
import { errorBody, errorResponses } from '../http/errors.js'
import type { MetricsConfig } from './config.js'
import type { LatchMetrics } from './metrics.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the metrics listener (LATCH_METRICS_PORT); resolves with its URL, or undefined when none is configured. */
    listenMetrics(): Promise<string | undefined>
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

const metricsSchema = {
  summary: 'Prometheus metrics (needs LATCH_METRICS_TOKEN as a bearer token)',
  tags: ['health'],
  response: {
    200: Type.String({ description: 'Prometheus text format 0.0.4' }),
    ...errorResponses({ 401: 'UNAUTHORIZED: no or a wrong bearer token' }),
  },
}

function serveMetrics(metrics: LatchMetrics, token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (token !== undefined && !isAdminRequest(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('UNAUTHORIZED', 'Metrics need the metrics token', request.id))
    const text = await metrics.registry.metrics()
    return reply.type(metrics.registry.contentType).send(text)
  }
}

/**
 * `/metrics` (docs/deployment.md#metrics-and-probes), never open on the public port: there only
 * with LATCH_METRICS_TOKEN (this plugin, registered after the frame host's guard), and on
 * LATCH_METRICS_PORT (loopback by default) a listener of its own that serves nothing else, with
 * the token too when one is set (`installMetricsListener`). Neither configured: no metrics.
 */
const metricsRoutesPlugin: FastifyPluginAsync = async (app) => {
  const { token } = app.config.metrics
  if (token) app.get('/metrics', { schema: metricsSchema }, serveMetrics(app.metrics, token))
}

/** A `/metrics` listener of its own, serving nothing else (LATCH_METRICS_PORT). */
export interface MetricsListener {
  /** Starts listening once; resolves with its URL. */
  listen(): Promise<string>
  close(): Promise<void>
}

/**
 * The LATCH_METRICS_PORT listener, for `serve` (below) and for `latch-server index`, which has
 * no public port at all (chains/command.ts).
 */
export function createMetricsListener(
  metrics: LatchMetrics,
  config: MetricsConfig & { port: number },
  warn: (message: string) => void,
): MetricsListener {
  // Anywhere but loopback, the listener is only as private as the network it is on.
  if (!LOOPBACK.has(config.host) && !config.token)
    warn(
      `metrics listen on ${config.host} without LATCH_METRICS_TOKEN: keep that port off the public network`,
    )
  const listener = Fastify({ logger: false })
  listener.get('/metrics', serveMetrics(metrics, config.token))
  let listening: Promise<string> | undefined
  return {
    listen: () => {
      listening ??= listener.listen({ port: config.port, host: config.host })
      return listening
    },
    close: () => listener.close(),
  }
}

/** Prepares the LATCH_METRICS_PORT listener; `app.listenMetrics()` starts it, closing the app stops it. */
export function installMetricsListener(
  app: FastifyInstance,
  metrics: LatchMetrics,
  config: MetricsConfig,
): void {
  const { port } = config
  if (port === undefined) {
    app.decorate('listenMetrics', async () => undefined)
    return
  }
  const listener = createMetricsListener(metrics, { ...config, port }, (m) => app.log.warn(m))
  app.decorate('listenMetrics', listener.listen)
  app.addHook('onClose', listener.close)
}

export const metricsRoutes = fp(metricsRoutesPlugin, { name: 'latch-metrics', encapsulate: true })
