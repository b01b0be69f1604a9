import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError } from '../../errors.js'
import type { AuthContext } from '../context.js'
import { authRouteConfig } from '../cors.js'
import {
  Account,
  Addresses,
  AuthShare,
  EmptyBody,
  NewWalletBody,
  RecoveryShares,
  sessionErrors,
} from '../schemas.js'
import { requireSession, revokeSession } from '../sessions.js'
import { readAuthShare, readRecoveryShare, storeWallet } from '../shares.js'
import { identityUsername } from '../social/store.js'
import { findUser } from '../users.js'

/** How long after a code sign-in the recovery share may be released. */
export const RECOVERY_WINDOW_MS = 10 * 60_000

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })

/**
 * Custody: the frame stores a new wallet's two server-side shares; the auth share is released
 * to the signed-in session; the recovery share only on the recovery route, for a device that
 * lost (or never had) its own share. Nothing here is ever logged.
 */
export function walletRoutes(ctx: AuthContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/auth/v1/session',
      {
        config: limited(120),
        schema: {
          summary: "The signed-in account's email and addresses",
          tags: ['auth'],
          response: { 200: Account, ...sessionErrors },
        },
      },
      async (request) => {
        const session = await requireSession(request, ctx.now())
        const user = (await findUser(app.db, session.userId))!
        const social = session.socialProvider && session.socialSubject
        return {
          email: user.email,
          evmAddress: user.evmAddress,
          solanaAddress: user.solanaAddress,
          socialProvider: session.socialProvider,
          username: social
            ? await identityUsername(app.db, session.socialProvider!, session.socialSubject!)
            : null,
        }
      },
    )

    app.post(
      '/auth/v1/sign-out',
      {
        config: limited(60),
        schema: {
          summary: 'Revoke the session of the bearer token',
          tags: ['auth'],
          body: EmptyBody,
          response: { 200: EmptyBody, ...sessionErrors },
        },
      },
      async (request) => {
        const session = await requireSession(request, ctx.now())
        await revokeSession(app.db, session.tokenHash, ctx.now())
        return {}
      },
    )

    app.post(
      '/auth/v1/wallet',
      {
        // Each session stores one wallet once (409 after); the per-client cap only bounds a
        // flood. Social sign-in makes accounts without a mail round trip, so 10 a minute was
        // reached by one office's visitors signing up together (docs/social.md#limits).
        config: limited(60),
        schema: {
          summary: "Store a new wallet's two server-side key shares",
          tags: ['auth'],
          body: NewWalletBody,
          response: { 201: Addresses, ...sessionErrors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(request, ctx.now())
        const body = request.body
        await storeWallet(app.db, ctx.keys, session.userId, body)
        return reply
          .status(201)
          .send({ evmAddress: body.evmAddress, solanaAddress: body.solanaAddress })
      },
    )

    app.get(
      '/auth/v1/wallet/auth-share',
      {
        config: limited(60),
        schema: {
          summary: "The session's auth share",
          tags: ['auth'],
          response: { 200: AuthShare, ...sessionErrors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(request, ctx.now())
        const user = (await findUser(app.db, session.userId))!
        const authShare = await readAuthShare(app.db, ctx.keys, session.userId)
        reply.header('cache-control', 'no-store')
        return { authShare, evmAddress: user.evmAddress, solanaAddress: user.solanaAddress }
      },
    )

    app.post(
      '/auth/v1/wallet/recover',
      {
        config: limited(5),
        schema: {
          summary: 'Both server shares, for a device recovering its wallet',
          description:
            'Only within 10 minutes of a code sign-in; later answers 403 RECOVERY_NEEDS_FRESH_SIGN_IN.',
          tags: ['auth'],
          body: EmptyBody,
          response: { 200: RecoveryShares, ...sessionErrors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(request, ctx.now())
        // Both server shares together are the key: only a session fresh from a code sign-in on
        // an approved device gets them, so a token stolen later cannot.
        if (ctx.now().getTime() - session.createdAt.getTime() > RECOVERY_WINDOW_MS)
          throw new HttpError(
            403,
            'RECOVERY_NEEDS_FRESH_SIGN_IN',
            'Sign in again to recover this wallet on this device',
          )
        const user = (await findUser(app.db, session.userId))!
        const authShare = await readAuthShare(app.db, ctx.keys, session.userId)
        const recoveryShare = await readRecoveryShare(app.db, ctx.keys, session.userId)
        // An audit line without the share: who recovered, never what.
        request.log.warn({ userId: session.userId }, 'recovery share released to a session')
        reply.header('cache-control', 'no-store')
        return {
          authShare,
          recoveryShare,
          evmAddress: user.evmAddress,
          solanaAddress: user.solanaAddress,
        }
      },
    )
  }
}
