import type { FastifyPluginAsync } from 'fastify'
import type { ProviderRouteOptions } from '../plugin.js'
import { readRateLimit } from '../rate-limit.js'
import { projectErrorResponses, projectQuerySchema } from '../schemas.js'
import { exposeErrors, projectOf, projectScopedConfig, requireProjectAnyOrigin } from '../scope.js'

/** `GET /projects/v1/origins` → `{ allowedOrigins }` (seed §7). */
export const originsRoutes: FastifyPluginAsync<ProviderRouteOptions> = async (app, options) => {
  app.get(
    '/projects/v1/origins',
    {
      config: { ...projectScopedConfig, rateLimit: readRateLimit(options.readLimitPerMinute) },
      onRequest: exposeErrors,
      preHandler: requireProjectAnyOrigin,
      schema: {
        summary: "The project's allowed origins",
        description:
          'Readable from any origin: the client compares its own page origin with the list and raises the "origin not allowed" alert.',
        tags: ['provider'],
        querystring: projectQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['allowedOrigins'],
            properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } },
          },
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({ allowedOrigins: projectOf(request).allowedOrigins }),
  )
}
