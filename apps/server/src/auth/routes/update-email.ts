import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../../errors.js'
import { assertMaySend, consumeCode, issueCode, ThrottledError } from '../codes.js'
import { type AuthContext, emailSchema, otpSchema, parseBody } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { requireSession } from '../sessions.js'
import { findUser, findUserByEmail, setEmail } from '../users.js'

const config = { ...authRouteConfig, rateLimit: { max: 20, timeWindow: 60_000 } }

/**
 * Update email (seed §4): a code to the current address (primary), then one to the new
 * address (secondary); only then does the email change.
 */
export function updateEmailRoutes(ctx: AuthContext): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/auth/v1/email/update',
      { config, schema: { tags: ['auth'] } },
      async (request, reply) => {
        const session = await requireSession(request)
        const { email: newEmail } = parseBody(z.object({ email: emailSchema }), request.body)
        const user = (await findUser(app.db, session.userId))!
        if (newEmail === user.email)
          throw new HttpError(400, 'SAME_EMAIL', 'That is already your email')
        if (await findUserByEmail(app.db, newEmail))
          throw new HttpError(409, 'EMAIL_IN_USE', 'That email belongs to another wallet')
        const now = ctx.now()
        try {
          await assertMaySend(app.db, user.email, now)
        } catch (error) {
          if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfter))
          throw error
        }
        const code = await issueCode(
          app.db,
          ctx.codeKey,
          { email: user.email, purpose: 'update_primary', userId: user.id, newEmail },
          now,
        )
        await ctx.mailer.sendCode(user.email, code, 'update_primary')
        return { action: 'VERIFY_PRIMARY_OTP' as const }
      },
    )

    app.post(
      '/auth/v1/email/update/primary',
      { config, schema: { tags: ['auth'] } },
      async (request) => {
        const session = await requireSession(request)
        const { otp } = parseBody(z.object({ otp: otpSchema }), request.body)
        const user = (await findUser(app.db, session.userId))!
        const now = ctx.now()
        const primary = await consumeCode(
          app.db,
          ctx.codeKey,
          { email: user.email, purpose: 'update_primary', code: otp },
          now,
        )
        const newEmail = primary.newEmail!
        const code = await issueCode(
          app.db,
          ctx.codeKey,
          { email: newEmail, purpose: 'update_secondary', userId: user.id, newEmail },
          now,
        )
        await ctx.mailer.sendCode(newEmail, code, 'update_secondary')
        return { action: 'VERIFY_SECONDARY_OTP' as const }
      },
    )

    app.post(
      '/auth/v1/email/update/secondary',
      { config, schema: { tags: ['auth'] } },
      async (request) => {
        const session = await requireSession(request)
        // The frame remembers the new address from the first step; the code must match it.
        const { otp, email: pendingEmail } = parseBody(
          z.object({ otp: otpSchema, email: emailSchema }),
          request.body,
        )
        const user = (await findUser(app.db, session.userId))!
        const secondary = await consumeCode(
          app.db,
          ctx.codeKey,
          { email: pendingEmail, purpose: 'update_secondary', code: otp },
          ctx.now(),
        )
        if (secondary.userId !== user.id)
          throw new HttpError(400, 'INVALID_CODE', 'Invalid or expired code; request a new one')
        await setEmail(app.db, user.id, pendingEmail)
        return { email: pendingEmail }
      },
    )
  }
}
