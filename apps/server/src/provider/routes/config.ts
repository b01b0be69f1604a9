import type { FastifyPluginAsync } from 'fastify'
import { toRemoteFeatures } from '../features.js'
import type { ProviderRouteOptions } from '../plugin.js'
import { readRateLimit } from '../rate-limit.js'
import { projectErrorResponses, projectQuerySchema } from '../schemas.js'
import { exposeErrors, projectOf, projectScopedConfig, requireProject } from '../scope.js'

const featureSchema = {
  type: 'object',
  required: ['id', 'isEnabled', 'config'],
  properties: {
    id: {
      type: 'string',
      enum: ['social_login', 'swap', 'onramp', 'activity', 'reown_branding', 'multi_wallet'],
    },
    isEnabled: { type: 'boolean' },
    config: { type: 'array', items: { type: 'string' } },
  },
} as const

/** `GET /appkit/v1/config` → `{ features }` and `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`. */
export const configRoutes: FastifyPluginAsync<ProviderRouteOptions> = async (app, options) => {
  const scoped = {
    config: { ...projectScopedConfig, rateLimit: readRateLimit(options.readLimitPerMinute) },
    onRequest: exposeErrors,
    preHandler: requireProject,
  }

  app.get(
    '/appkit/v1/config',
    {
      ...scoped,
      schema: {
        summary: "The project's remote feature flags",
        description:
          'In the reference shape: an array of {id, isEnabled, config}. social_login.config lists "email" and the enabled social providers; swap and onramp name their provider.',
        tags: ['provider'],
        querystring: projectQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['features'],
            properties: { features: { type: 'array', items: featureSchema } },
          },
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({ features: toRemoteFeatures(projectOf(request).features) }),
  )

  app.get(
    '/getAnalyticsConfig',
    {
      ...scoped,
      schema: {
        summary: 'Whether the project accepts analytics events',
        tags: ['provider'],
        querystring: projectQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['isAnalyticsEnabled'],
            properties: { isAnalyticsEnabled: { type: 'boolean' } },
          },
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({ isAnalyticsEnabled: projectOf(request).analyticsEnabled }),
  )
}
