import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { remoteFeatureIds } from '@latch/core/wire'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { projectErrorResponses, projectQuerySchema } from '../../http/project-query.js'
import {
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../../http/project-scope.js'
import { type ReadLimitOptions, readRateLimit } from '../../http/rate-limit.js'
import { serverCapabilities, toRemoteFeatures } from '../features.js'

const featureSchema = Type.Object({
  id: Type.Enum([...remoteFeatureIds]),
  isEnabled: Type.Boolean(),
  config: Type.Array(Type.String()),
})

/**
 * `GET /appkit/v1/config` → `{ features }`, `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`
 * and `GET /appkit/v1/project-limits` → `{ planLimits }`.
 */
const configRoutesPlugin: FastifyPluginAsyncTypebox<ReadLimitOptions> = async (app, options) => {
  const server = serverCapabilities(app.config)
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
          200: Type.Object({ features: Type.Array(featureSchema) }),
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({
      features: toRemoteFeatures(projectOf(request).features, server),
    }),
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
          200: Type.Object({ isAnalyticsEnabled: Type.Boolean() }),
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({ isAnalyticsEnabled: projectOf(request).analyticsEnabled }),
  )

  app.get(
    '/appkit/v1/project-limits',
    {
      ...scoped,
      schema: {
        summary: "The project's plan limits, in the reference shape",
        description:
          'A self-hosted server sells no plan: tier "none" and never above a limit, so clients never show a usage warning.',
        tags: ['provider'],
        querystring: projectQuerySchema,
        response: {
          200: Type.Object({
            planLimits: Type.Object({
              tier: Type.Literal('none'),
              isAboveRpcLimit: Type.Boolean(),
              isAboveMauLimit: Type.Boolean(),
            }),
          }),
          ...projectErrorResponses,
        },
      },
    },
    async () => ({
      planLimits: { tier: 'none' as const, isAboveRpcLimit: false, isAboveMauLimit: false },
    }),
  )
}

export const configRoutes = fp(configRoutesPlugin, {
  name: 'latch-provider-config',
  encapsulate: true,
})
