import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { HttpError } from '../../http/errors.js'
import { consumeCode, ThrottledError } from '../codes.js'
import { type AuthRouteOptions, requireKnownProject } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { describeAgent } from '../device-facts.js'
import { OriginMailLimitError } from '../mail-limits.js'
import {
  Action,
  authErrors,
  normalEmail,
  projectErrors,
  Session,
  SignInBody,
  VerifyBody,
} from '../schemas.js'
import { sha256 } from '../secrets.js'
import { allowedPageOrigin, createSession, sessionAnswer } from '../sessions.js'
import {
  approveDevice,
  ensureUser,
  findUserByEmail,
  hasWallet,
  isDeviceApproved,
  isDeviceApprovedForEmail,
} from '../users.js'
import { sendSignInMail } from './sign-in-mail.js'

const limited = (max: number) => ({
  ...authRouteConfig,
  rateLimit: { max, timeWindow: 60_000 },
})

/**
 * Email sign-in (docs/behaviour.md#flows): start → (verify device →) code → session. Codes and tokens travel in
 * bodies only, never in URLs, so request logs cannot hold them.
 */
const emailRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { ctx }) => {
  app.post(
    '/auth/v1/email/start',
    {
      config: limited(20),
      schema: {
        summary: 'Send a sign-in mail: a code, or a device approval link',
        description:
          'Always answers VERIFY_OTP, whether or not the address has a wallet, so the answer tells nobody which addresses do. A wallet signing in on a device it has not approved gets a device approval link (naming the site, the device and the time) instead of a code; the code follows once the link is used. Meanwhile /auth/v1/email/device may be polled. 403 ORIGIN_NOT_ALLOWED without an allowed latch-page-origin; 429 EMAIL_THROTTLED past one mail per 30 s or the hourly and daily caps of the address, 429 ORIGIN_MAIL_LIMIT past the hourly caps of the site or the project.',
        tags: ['auth'],
        body: SignInBody,
        response: { 200: Action('VERIFY_OTP'), ...authErrors, ...projectErrors },
      },
    },
    async (request, reply) => {
      const body = { ...request.body, email: normalEmail(request.body.email) }
      const project = await requireKnownProject(request, body.projectId)
      const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
      if (!pageOrigin)
        throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'This page may not use this project')
      const now = ctx.now()
      try {
        await sendSignInMail(app.db, ctx, {
          ...body,
          pageOrigin,
          agent: describeAgent(request.headers['user-agent']),
          now,
        })
      } catch (error) {
        if (error instanceof ThrottledError || error instanceof OriginMailLimitError)
          reply.header('retry-after', String(error.retryAfter))
        throw error
      }
      return { action: 'VERIFY_OTP' as const }
    },
  )

  app.post(
    '/auth/v1/email/device',
    {
      config: limited(120),
      schema: {
        summary: 'Poll a device approval (the code went out when the link was used)',
        description:
          'approved: false until the owner of the address approved this device, and for an address without a wallet: the answer never tells whether the address has one.',
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
      const project = await requireKnownProject(request, body.projectId)
      if (!allowedPageOrigin(request, project.allowedOrigins))
        throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'This page may not use this project')
      return { approved: await isDeviceApprovedForEmail(app.db, body.email, body.deviceId) }
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
      // The code is checked first, so a wrong one is answered alike for every address: an
      // existing wallet is told apart only by whoever holds its code.
      await consumeCode(
        app.db,
        ctx.codeKey,
        {
          email: body.email,
          purpose: 'login',
          code: body.otp,
          deviceHash: sha256(body.deviceId),
        },
        now,
        (minutes) => ctx.mailer.sendCodesLocked(body.email, minutes),
      )
      const existing = await findUserByEmail(app.db, body.email)
      // An existing wallet on a device not approved by link never gets a session.
      if (hasWallet(existing) && !(await isDeviceApproved(app.db, existing.id, body.deviceId)))
        throw new HttpError(403, 'DEVICE_NOT_VERIFIED', 'Verify this device first')
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

export const emailRoutes = fp(emailRoutesPlugin, { name: 'latch-auth-email', encapsulate: true })
