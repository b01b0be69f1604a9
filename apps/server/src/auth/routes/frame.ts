import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses } from '../../http/errors.js'
import { isAuthOriginAllowed } from '../../provider-services/allow-list.js'
import { findProject } from '../../provider-services/projects.js'
import { authRouteConfig } from '../cors.js'

// Lenient on purpose: any question gets an answer, and a malformed one is a plain "no".
const FrameOriginQuery = Type.Object({
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
  origin: Type.Optional(Type.String({ description: 'Origin of the page embedding the frame' })),
})

/**
 * Asked by the frame before it talks to its embedding page: may this page origin use this
 * project? The frame serves (and answers) only when the server says yes. The page's frame client
 * asks it too, to raise 'unverified_domain' at once when the frame will never answer
 * (docs/behaviour.md#errors), so unlike the other auth routes any origin may read it: the answer
 * is one public yes or no that anyone could ask with curl, and no credential is sent or read.
 */
export const frameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/v1/frame/origin',
    {
      config: { ...authRouteConfig, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: 'May a page on this origin embed the frame for this project?',
        tags: ['auth'],
        querystring: FrameOriginQuery,
        response: {
          200: Type.Object({ allowed: Type.Boolean() }),
          ...errorResponses({ 429: 'RATE_LIMITED' }),
        },
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*')
      const { projectId, origin } = request.query
      if (!projectId || projectId.length > 64 || origin === undefined || origin.length > 2048)
        return { allowed: false }
      const project = await findProject(app.db, projectId)
      return {
        allowed: project !== undefined && isAuthOriginAllowed(origin, project.allowedOrigins),
      }
    },
  )
}
