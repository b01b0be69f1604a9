import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { projectErrorResponses, projectQuerySchema } from '../../http/project-query.js'
import {
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProjectAnyOrigin,
} from '../../http/project-scope.js'
import { type ReadLimitOptions, readRateLimit } from '../../http/rate-limit.js'

/** `GET /projects/v1/origins` → `{ allowedOrigins }` (docs/behaviour.md#wire). */
const originsRoutesPlugin: FastifyPluginAsyncTypebox<ReadLimitOptions> = async (app, options) => {
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
          200: Type.Object({ allowedOrigins: Type.Array(Type.String()) }),
          ...projectErrorResponses,
        },
      },
    },
    async (request) => ({ allowedOrigins: projectOf(request).allowedOrigins }),
  )
}

export const originsRoutes = fp(originsRoutesPlugin, {
  name: 'latch-provider-origins',
  encapsulate: true,
})
