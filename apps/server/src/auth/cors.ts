import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PAGE_ORIGIN_HEADER, PROJECT_HEADER } from './sessions.js'

/**
 * The auth routes are called only by the secure frame, so only the frame's origins may read
 * them. A page on any other origin — the dapp included — cannot drive sign-in or custody from
 * a browser. The app-wide CORS plugin steps aside for these routes (`config.cors = false`).
 */
export const authRouteConfig = { cors: false } as const

function allowed(request: FastifyRequest, origins: readonly string[]): string | undefined {
  const origin = request.headers.origin
  return typeof origin === 'string' && origins.includes(origin) ? origin : undefined
}

export function registerFrameCors(
  app: FastifyInstance,
  prefix: string,
  origins: readonly string[],
) {
  app.addHook('onRequest', async (request, reply) => {
    const origin = allowed(request, origins)
    if (origin) {
      reply.header('access-control-allow-origin', origin)
      reply.header('vary', 'Origin')
    }
  })
  app.options(
    `${prefix}/*`,
    { config: authRouteConfig, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!allowed(request, origins)) return reply.status(403).send()
      reply.header('access-control-allow-methods', 'GET, POST')
      reply.header(
        'access-control-allow-headers',
        `content-type, authorization, ${PROJECT_HEADER}, ${PAGE_ORIGIN_HEADER}`,
      )
      reply.header('access-control-max-age', '600')
      return reply.status(204).send()
    },
  )
}
