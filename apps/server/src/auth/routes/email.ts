import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { HttpError } from '../../errors.js'
import { assertMaySend, consumeCode, issueCode, ThrottledError } from '../codes.js'
import { type AuthContext, requireKnownProject } from '../context.js'
import { authRouteConfig } from '../cors.js'
import {
  Action,
  authErrors,
  normalEmail,
  projectErrors,
  Session,
  SignInBody,
  VerifyBody,
} from '../schemas.js'
import { allowedPageOrigin, createSession, sessionAnswer } from '../sessions.js'
import {
  approveDevice,
  ensureUser,
  findUserByEmail,
  isDeviceApproved,
  requestDeviceApproval,
} from '../users.js'

const limited = (max: number) => ({
  ...authRouteConfig,
  rateLimit: { max, timeWindow: 60_000 },
})

/**
 * Email sign-in (docs/behaviour.md#flows): start → (verify device →) code → session. Codes and tokens travel in
 * bodies only, never in URLs, so request logs cannot hold them.
 */
export function emailRoutes(ctx: AuthContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/auth/v1/email/start',
      {
        config: limited(20),
        schema: {
          summary: 'Send a sign-in code (or a device approval link)',
          description:
            'VERIFY_OTP: a code went to the address. VERIFY_DEVICE: the account has a wallet and this device is not approved yet; an approval link went to the address instead, then poll /auth/v1/email/device.',
          tags: ['auth'],
          body: SignInBody,
          response: { 200: Action('VERIFY_OTP', 'VERIFY_DEVICE'), ...authErrors, ...projectErrors },
        },
      },
      async (request, reply) => {
        const body = { ...request.body, email: normalEmail(request.body.email) }
        await requireKnownProject(request, body.projectId)
        const now = ctx.now()
        try {
          await assertMaySend(app.db, body.email, now)
        } catch (error) {
          if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfter))
          throw error
        }
        const user = await findUserByEmail(app.db, body.email)
        if (user?.evmAddress && !(await isDeviceApproved(app.db, user.id, body.deviceId))) {
          const token = await requestDeviceApproval(app.db, user.id, body.deviceId, now)
          await ctx.mailer.sendDeviceApproval(
            body.email,
            `${ctx.publicUrl}/auth/v1/device/approve#${token}`,
          )
          return { action: 'VERIFY_DEVICE' as const }
        }
        const code = await issueCode(
          app.db,
          ctx.codeKey,
          { email: body.email, purpose: 'login' },
          now,
          { throttle: true },
        ).catch((error: unknown) => {
          if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfter))
          throw error
        })
        await ctx.mailer.sendCode(body.email, code, 'login')
        return { action: 'VERIFY_OTP' as const }
      },
    )

    app.post(
      '/auth/v1/email/device',
      {
        config: limited(120),
        schema: {
          summary: 'Poll a device approval (the code went out when the link was used)',
          tags: ['auth'],
          body: SignInBody,
          response: {
            200: Type.Object({ approved: Type.Boolean() }),
            ...authErrors,
            ...projectErrors,
          },
        },
      },
      async (request) => {
        const body = { ...request.body, email: normalEmail(request.body.email) }
        await requireKnownProject(request, body.projectId)
        const user = await findUserByEmail(app.db, body.email)
        if (!user || !(await isDeviceApproved(app.db, user.id, body.deviceId)))
          return { approved: false }
        return { approved: true }
      },
    )

    app.post(
      '/auth/v1/email/verify',
      {
        config: limited(30),
        schema: {
          summary: 'Check a sign-in code; opens a session',
          tags: ['auth'],
          body: VerifyBody,
          response: { 200: Session, ...authErrors, ...projectErrors },
        },
      },
      async (request) => {
        const body = { ...request.body, email: normalEmail(request.body.email) }
        const project = await requireKnownProject(request, body.projectId)
        // Checked before the code is spent: the session will be bound to this origin.
        const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
        if (!pageOrigin)
          throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'This page may not use this project')
        const now = ctx.now()
        const existing = await findUserByEmail(app.db, body.email)
        // An existing wallet on a device not approved by link never gets a session.
        if (existing?.evmAddress && !(await isDeviceApproved(app.db, existing.id, body.deviceId)))
          throw new HttpError(403, 'DEVICE_NOT_VERIFIED', 'Verify this device first')
        await consumeCode(
          app.db,
          ctx.codeKey,
          { email: body.email, purpose: 'login', code: body.otp },
          now,
          (minutes) => ctx.mailer.sendCodesLocked(body.email, minutes),
        )
        const user = existing ?? (await ensureUser(app.db, body.email))
        await approveDevice(app.db, user.id, body.deviceId, now)
        const session = await createSession(
          app.db,
          { userId: user.id, deviceId: body.deviceId, projectId: body.projectId, pageOrigin },
          now,
        )
        return sessionAnswer(session, user)
      },
    )
  }
}
