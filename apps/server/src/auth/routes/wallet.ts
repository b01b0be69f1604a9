import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../../errors.js'
import type { AuthContext } from '../context.js'
import { parseBody } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { requireSession, revokeSession } from '../sessions.js'
import { readAuthShare, readRecoveryShare, storeWallet } from '../shares.js'
import { findUser } from '../users.js'

// A share of a 16- or 32-byte secret is one byte longer; base64 of that is under 64 characters.
const shareSchema = z.string().regex(/^[A-Za-z0-9+/]{4,120}={0,2}$/)
const newWalletBody = z.object({
  evmAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  solanaAddress: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  authShare: shareSchema,
  recoveryShare: shareSchema,
})

/** How long after a code sign-in the recovery share may be released. */
export const RECOVERY_WINDOW_MS = 10 * 60_000

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })

/**
 * Custody: the frame stores a new wallet's two server-side shares; the auth share is released
 * to the signed-in session; the recovery share only on the recovery route, for a device that
 * lost (or never had) its own share. Nothing here is ever logged.
 */
export function walletRoutes(ctx: AuthContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/auth/v1/session',
      { config: limited(120), schema: { tags: ['auth'] } },
      async (request) => {
        const session = await requireSession(request)
        const user = (await findUser(app.db, session.userId))!
        return { email: user.email, evmAddress: user.evmAddress, solanaAddress: user.solanaAddress }
      },
    )

    app.post(
      '/auth/v1/sign-out',
      { config: limited(60), schema: { tags: ['auth'] } },
      async (request) => {
        const session = await requireSession(request)
        await revokeSession(app.db, session.tokenHash, ctx.now())
        return {}
      },
    )

    app.post(
      '/auth/v1/wallet',
      { config: limited(10), schema: { tags: ['auth'] } },
      async (request, reply) => {
        const session = await requireSession(request)
        const body = parseBody(newWalletBody, request.body)
        await storeWallet(app.db, ctx.keys, session.userId, body)
        return reply
          .status(201)
          .send({ evmAddress: body.evmAddress, solanaAddress: body.solanaAddress })
      },
    )

    app.get(
      '/auth/v1/wallet/auth-share',
      { config: limited(60), schema: { tags: ['auth'] } },
      async (request, reply) => {
        const session = await requireSession(request)
        const user = (await findUser(app.db, session.userId))!
        const authShare = await readAuthShare(app.db, ctx.keys, session.userId)
        reply.header('cache-control', 'no-store')
        return { authShare, evmAddress: user.evmAddress, solanaAddress: user.solanaAddress }
      },
    )

    app.post(
      '/auth/v1/wallet/recover',
      { config: limited(5), schema: { tags: ['auth'] } },
      async (request, reply) => {
        const session = await requireSession(request)
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
