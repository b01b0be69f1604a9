import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { findProject } from '../../provider/projects.js'
import { authRouteConfig } from '../cors.js'

const query = z.object({ projectId: z.string().max(64), origin: z.string().max(2048) })

/**
 * Asked by the frame before it talks to its embedding page: may this page origin use this
 * project? The frame serves (and answers) only when the server says yes.
 */
export const frameRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/auth/v1/frame/origin',
    {
      config: { ...authRouteConfig, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { tags: ['auth'] },
    },
    async (request) => {
      const parsed = query.safeParse(request.query)
      if (!parsed.success) return { allowed: false }
      const project = await findProject(app.db, parsed.data.projectId)
      return {
        allowed:
          project !== undefined && isOriginAllowed(parsed.data.origin, project.allowedOrigins),
      }
    },
  )
}
