import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { installHttpMetrics } from './http-metrics.js'
import { progressReader, registerIndexerGauges } from './indexer-metrics.js'
import { createMetrics } from './metrics.js'
import { installMetricsListener } from './metrics-endpoint.js'
import { echoRequestId } from './request-id.js'

/**
 * Request ids, metrics and the metrics endpoint (docs/deployment.md#metrics-and-probes). Registered
 * on the root instance before any route or the rate limits, and not encapsulated, so their hooks
 * see every request, the refused ones included. The probes and the public `/metrics` are route plugins (probes.ts,
 * metrics-endpoint.ts).
 */
const plugin: FastifyPluginAsync = async (app) => {
  const { metrics: config, chainData } = app.config
  const exposed = config.token !== undefined || config.port !== undefined
  const metrics = createMetrics({ processMetrics: exposed })
  app.decorate('metrics', metrics)
  echoRequestId(app)
  installHttpMetrics(app, metrics)
  if (exposed) registerIndexerGauges(metrics, progressReader(app.db, chainData, app.log))
  installMetricsListener(app, metrics, config)
}

export const observability = fp(plugin, { name: 'latch-observability' })
