import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { HttpError } from '../../http/errors.js'
import { assertMaySend, consumeCode, issueCode, ThrottledError } from '../codes.js'
import type { AuthRouteOptions } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { Action, Email, normalEmail, Otp, sessionErrors } from '../schemas.js'
import { requireSession, revokeOtherSessions, rotateSession } from '../sessions.js'
import { findUser, findUserByEmail, setEmail } from '../users.js'
import { RECOVERY_WINDOW_MS as RECENT_SIGN_IN_MS } from './wallet.js'

const config = { ...authRouteConfig, rateLimit: { max: 20, timeWindow: 60_000 } }

/**
 * Update email (docs/behaviour.md#flows): a code to the current address (primary), then one to the new
 * address (secondary); only then does the email change. Both code mails name both addresses;
 * afterwards the old address is told and every other session of the account ends.
 */
const updateEmailRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (
  app,
  { ctx },
) => {
  app.post(
    '/auth/v1/email/update',
    {
      config,
      schema: {
        summary: 'Start changing the email: a code goes to the current address',
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: { 200: Action('VERIFY_PRIMARY_OTP'), ...sessionErrors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, ctx.now())
      // Moving the email moves the power to recover the key: like recovery, it needs a sign-in
      // from the last 10 minutes, so a stolen session token alone cannot take the wallet.
      if (ctx.now().getTime() - session.createdAt.getTime() > RECENT_SIGN_IN_MS)
        throw new HttpError(
          403,
          'NEEDS_FRESH_SIGN_IN',
          'Sign in again to change the email of this wallet',
        )
      const newEmail = normalEmail(request.body.email)
      const user = withEmail((await findUser(app.db, session.userId))!)
      if (newEmail === user.email)
        throw new HttpError(400, 'SAME_EMAIL', 'That is already your email')
      if (await findUserByEmail(app.db, newEmail))
        throw new HttpError(409, 'EMAIL_IN_USE', 'That email belongs to another wallet')
      const now = ctx.now()
      try {
        await assertMaySend(app.db, user.email, now, ctx.mailIntervalMs)
      } catch (error) {
        if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfter))
        throw error
      }
      const code = await issueCode(
        app.db,
        ctx.codeKey,
        { email: user.email, purpose: 'update_primary', userId: user.id, newEmail },
        now,
        { throttleMs: ctx.mailIntervalMs },
      )
      await ctx.mailer.sendCode(user.email, code, 'update_primary', {
        from: user.email,
        to: newEmail,
      })
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },
  )

  app.post(
    '/auth/v1/email/update/primary',
    {
      config,
      schema: {
        summary: "Check the current address's code: a code goes to the new address",
        tags: ['auth'],
        body: Type.Object({ otp: Otp }),
        response: { 200: Action('VERIFY_SECONDARY_OTP'), ...sessionErrors },
      },
    },
    async (request) => {
      const session = await requireSession(request, ctx.now())
      const { otp } = request.body
      const user = withEmail((await findUser(app.db, session.userId))!)
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
      await ctx.mailer.sendCode(newEmail, code, 'update_secondary', {
        from: user.email,
        to: newEmail,
      })
      return { action: 'VERIFY_SECONDARY_OTP' as const }
    },
  )

  app.post(
    '/auth/v1/email/update/secondary',
    {
      config,
      schema: {
        summary: "Check the new address's code; the email changes",
        tags: ['auth'],
        body: Type.Object({ otp: Otp, email: Email }),
        response: {
          200: Type.Object({
            email: Type.String(),
            token: Type.String({ description: 'The session’s new token; the old one is void' }),
            expiresAt: Type.String(),
          }),
          ...sessionErrors,
        },
      },
    },
    async (request) => {
      const session = await requireSession(request, ctx.now())
      // The frame remembers the new address from the first step; the code must match it.
      const { otp } = request.body
      const pendingEmail = normalEmail(request.body.email)
      const user = withEmail((await findUser(app.db, session.userId))!)
      const secondary = await consumeCode(
        app.db,
        ctx.codeKey,
        { email: pendingEmail, purpose: 'update_secondary', code: otp },
        ctx.now(),
      )
      if (secondary.userId !== user.id)
        throw new HttpError(400, 'INVALID_CODE', 'Invalid or expired code; request a new one')
      const now = ctx.now()
      // One step: the new address and the end of every other session. A device that may be
      // the intruder's (or the victim's, if the change was not theirs) must sign in again,
      // and only the new address can now let it.
      // The asking session's token is swapped too (docs/custody.md#sessions).
      const rotated = await app.db.transaction(async (tx) => {
        await setEmail(tx, user.id, pendingEmail)
        await revokeOtherSessions(tx, user.id, session.tokenHash, now)
        return rotateSession(tx, session, now)
      })
      const change = { from: user.email, to: pendingEmail }
      // The change stands either way; a notice that cannot be sent is logged, not answered.
      await ctx.mailer.sendEmailChanged(change).catch((error: unknown) => {
        request.log.error({ err: error }, 'email change notice to the old address failed')
      })
      return {
        email: pendingEmail,
        token: rotated.token,
        expiresAt: rotated.expiresAt.toISOString(),
      }
    },
  )
}

export const updateEmailRoutes = fp(updateEmailRoutesPlugin, {
  name: 'latch-auth-update-email',
  encapsulate: true,
})

/**
 * A social account whose provider gave no verified email (X) has no address to confirm the
 * change from: it has no email to update.
 */
function withEmail<user extends { email: string | null }>(user: user): user & { email: string } {
  if (user.email === null)
    throw new HttpError(400, 'NO_EMAIL', 'This account has no email address to change')
  return user as user & { email: string }
}
