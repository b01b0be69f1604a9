import type { FastifyReply, FastifyRequest } from 'fastify'

/** The session cookie of `transport: 'cookie'` (docs/siwx.md#cookie-sessions). */
export const SIWX_COOKIE = 'latch_siwx'

/** The session token of the request's `latch_siwx` cookie, if it carries one. */
export function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (typeof header !== 'string') return undefined
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SIWX_COOKIE) return value.join('=') || undefined
  }
  return undefined
}

// HttpOnly: page scripts (and anything injected into them) never read it. Secure: only over
// https (browsers also allow it on localhost). SameSite=Strict: no other site's page makes the
// browser send it. Path: only the sign-in routes receive it.
export const sessionCookie = (token: string, maxAgeSeconds: number) =>
  `${SIWX_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=/siwx; Max-Age=${maxAgeSeconds}`

/** Lets a page send and receive the session cookie: only ever beside its own echoed origin. */
export const credentialed = (reply: FastifyReply) =>
  reply.header('access-control-allow-credentials', 'true')

/** onRequest hook: a request from a page (it carries an Origin) may carry the cookie. */
export const allowCredentials = async (request: FastifyRequest, reply: FastifyReply) => {
  if (typeof request.headers.origin === 'string') credentialed(reply)
}
