import type { FastifyPluginAsync } from 'fastify'
import { seedCatalogue } from './catalogue/repository.js'
import { registerRateLimit } from './rate-limit.js'
import { configRoutes } from './routes/config.js'
import { eventRoutes } from './routes/events.js'
import { imageRoutes } from './routes/images.js'
import { originsRoutes } from './routes/projects.js'
import { walletsRoutes } from './routes/wallets.js'

export interface ProviderRoutesOptions {
  /** Write the curated catalogue into the database on start (default true). */
  seedCatalogue?: boolean
}

/**
 * The provider services of seed §7, wire-compatible with the reference: origins, remote config,
 * analytics config, wallet catalogue, images and `POST /e`.
 */
export const providerRoutes: FastifyPluginAsync<ProviderRoutesOptions> = async (app, options) => {
  if (options.seedCatalogue !== false) await seedCatalogue(app.db)
  await registerRateLimit(app, app.config.redisUrl)
  await app.register(originsRoutes)
  await app.register(configRoutes)
  await app.register(walletsRoutes)
  await app.register(imageRoutes)
  await app.register(eventRoutes)
}
