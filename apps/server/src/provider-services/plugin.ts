import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { createAnalyticsLimiter, DEFAULT_READ_LIMIT_PER_MINUTE } from '../http/rate-limit.js'
import { seedCatalogue } from './catalogue/repository.js'
import { batchRoutes } from './routes/batch.js'
import { configRoutes } from './routes/config.js'
import { eventRoutes } from './routes/events.js'
import { imageRoutes } from './routes/images.js'
import { originsRoutes } from './routes/projects.js'
import { walletsRoutes } from './routes/wallets.js'

export interface ProviderRoutesOptions {
  /** Write the curated catalogue into the database on start (default true). */
  seedCatalogue?: boolean
  /** Project-scoped reads per minute per client, project and route (default 600). */
  readLimitPerMinute?: number
}

/**
 * The provider services of docs/behaviour.md#wire, wire-compatible with the reference: origins, remote config,
 * analytics config, wallet catalogue, images, `POST /e` and `POST /batch`.
 */
const plugin: FastifyPluginAsync<ProviderRoutesOptions> = async (app, options) => {
  if (options.seedCatalogue !== false) await seedCatalogue(app.db)
  const readLimit = {
    readLimitPerMinute: options.readLimitPerMinute ?? DEFAULT_READ_LIMIT_PER_MINUTE,
  }
  await app.register(originsRoutes, readLimit)
  await app.register(configRoutes, readLimit)
  await app.register(walletsRoutes, readLimit)
  await app.register(imageRoutes)
  const analytics = { analyticsLimiter: createAnalyticsLimiter(app) }
  await app.register(eventRoutes, analytics)
  await app.register(batchRoutes, analytics)
}

export const providerRoutes = fp(plugin, { name: 'latch-provider', encapsulate: true })
