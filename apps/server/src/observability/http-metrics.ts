import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { LatchMetrics } from './metrics.js'

/** The route label of a request: its pattern (`/getWalletImage/:id`), never the raw URL. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

type SignInMethod = 'email' | 'social' | 'farcaster' | 'siwx'

/**
 * The routes that finish a sign-in, and the status of a session issued. Farcaster's finish also
 * answers 200 with the account to confirm (`state: answered`) before the session exists.
 */
const SIGN_IN_ROUTES: Record<string, { method: SignInMethod; status: number }> = {
  'POST /auth/v1/email/verify': { method: 'email', status: 200 },
  'POST /auth/v1/social/finish': { method: 'social', status: 200 },
  'POST /auth/v1/farcaster/finish': { method: 'farcaster', status: 200 },
  'POST /siwx/v1/verify': { method: 'siwx', status: 201 },
}

function signInOf(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const route = SIGN_IN_ROUTES[`${request.method} ${routeLabel(request)}`]
  if (!route || reply.statusCode !== route.status) return undefined
  if (route.method === 'farcaster') {
    try {
      if ((JSON.parse(String(payload)) as { state?: unknown }).state === 'answered')
        return undefined
    } catch {
      return undefined
    }
  }
  return route.method
}

/**
 * Latency by route pattern and status class, 429s by route and code, and sign-ins by method
 * (docs/deployment.md#metrics-and-probes). Added on the root instance before any route, so every
 * route and the 404 handler pass through them.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: LatchMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: routeLabel(request),
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    )
  })
  // Every 429 is an error thrown through the error handler: @fastify/rate-limit's, the RPC
  // budgets', the mail throttles'. onError sees each with its code before it is answered.
  app.addHook('onError', async (request, _reply, error) => {
    if (error.statusCode !== 429) return
    const code = typeof error.code === 'string' ? error.code : 'RATE_LIMITED'
    metrics.rateLimited.inc({ route: routeLabel(request), code })
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const method = signInOf(request, reply, payload)
    if (method) metrics.signIns.inc({ method })
    return payload
  })
}
