import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import type { AuthRouteOptions } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { EmptyBody, sessionErrors } from '../schemas.js'
import { listSessions, requireSession, revokeAllSessions } from '../sessions.js'

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })

const SessionView = Type.Object({
  id: Type.String({ description: 'A short, stable name of the session (not its token)' }),
  current: Type.Boolean({ description: 'The session making this request' }),
  projectId: Type.String(),
  pageOrigin: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'Sign-in time, ISO 8601' }),
  lastSeenAt: Type.String({ description: 'Last use (to the minute), ISO 8601' }),
  expiresAt: Type.String({ description: 'End of its absolute lifetime, ISO 8601' }),
})

/**
 * The account's sessions (docs/custody.md#sessions): list them, and sign out everywhere — the
 * way to end a session on a lost device or one whose token was stolen.
 */
const sessionRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { ctx }) => {
  app.get(
    '/auth/v1/sessions',
    {
      config: limited(60),
      schema: {
        summary: "The account's live sessions, newest first",
        tags: ['auth'],
        response: { 200: Type.Object({ sessions: Type.Array(SessionView) }), ...sessionErrors },
      },
    },
    async (request) => {
      const now = ctx.now()
      const session = await requireSession(request, now)
      const rows = await listSessions(app.db, session.userId, now)
      return {
        sessions: rows.map((row) => ({
          // A prefix of the token's hash: enough to tell sessions apart, useless to act as one.
          id: row.tokenHash.slice(0, 12),
          current: row.tokenHash === session.tokenHash,
          projectId: row.projectId,
          pageOrigin: row.pageOrigin,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
      }
    },
  )

  app.post(
    '/auth/v1/sign-out-everywhere',
    {
      config: limited(10),
      schema: {
        summary: 'End every session of the account, this one included',
        tags: ['auth'],
        body: EmptyBody,
        response: { 200: Type.Object({ ended: Type.Integer() }), ...sessionErrors },
      },
    },
    async (request) => {
      const now = ctx.now()
      const session = await requireSession(request, now)
      return { ended: await revokeAllSessions(app.db, session.userId, now) }
    },
  )
}

export const sessionRoutes = fp(sessionRoutesPlugin, {
  name: 'latch-auth-sessions',
  encapsulate: true,
})
