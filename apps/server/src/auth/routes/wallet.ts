import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { eq } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { authSessions } from '../../db/schema/auth.js'
import type { Db } from '../../db/types.js'
import { HttpError } from '../../http/errors.js'
import type { AuthRouteOptions } from '../context.js'
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
import { sha256 } from '../secrets.js'
import { requireSession, revokeSession, rotateSession, type Session } from '../sessions.js'
import { readAuthShare, readRecoveryShare, storeWallet } from '../shares.js'
import { identityUsername } from '../social/store.js'
import { addressesFromWire, findUser, wireAddresses } from '../users.js'

/** How long after a code sign-in the recovery share may be released. */
export const RECOVERY_WINDOW_MS = 10 * 60_000

/** The shares and the session's new token: recovery swaps the token (docs/custody.md#sessions). */
const RecoveryAnswer = Type.Object({
  ...RecoveryShares.properties,
  token: Type.String({ description: 'The session’s new token; the old one is void' }),
  expiresAt: Type.String({ description: 'ISO 8601' }),
})

/**
 * A new token for the session, keeping its social identity: a copy of the old token taken before
 * the recovery (the page that saw it, a log) is worth nothing afterwards.
 */
async function rotateKeepingIdentity(db: Db, session: Session, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const rotated = await rotateSession(t, session, now)
    if (session.socialProvider)
      await t
        .update(authSessions)
        .set({ socialProvider: session.socialProvider, socialSubject: session.socialSubject })
        .where(eq(authSessions.tokenHash, sha256(rotated.token)))
    return rotated
  })
}

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })

/**
 * Custody: the frame stores a new wallet's two server-side shares; the auth share is released
 * to the signed-in session; the recovery share only on the recovery route, for a device that
 * lost (or never had) its own share. Nothing here is ever logged.
 */
const walletRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { ctx }) => {
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
        ...wireAddresses(user.addresses),
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
      const { authShare, recoveryShare, ...wire } = request.body
      const addresses = addressesFromWire(wire)
      await storeWallet(app.db, ctx.keys, session.userId, { addresses, authShare, recoveryShare })
      return reply.status(201).send(wireAddresses(addresses))
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
      return { authShare, ...wireAddresses(user.addresses) }
    },
  )

  app.post(
    '/auth/v1/wallet/recover',
    {
      config: limited(5),
      schema: {
        summary: 'Both server shares, for a device recovering its wallet',
        description:
          'Only within 10 minutes of a code sign-in; later answers 403 RECOVERY_NEEDS_FRESH_SIGN_IN. The session gets a new token (token, expiresAt); the one that asked is void from then on.',
        tags: ['auth'],
        body: EmptyBody,
        response: { 200: RecoveryAnswer, ...sessionErrors },
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
      const rotated = await rotateKeepingIdentity(app.db, session, ctx.now())
      request.log.warn({ userId: session.userId }, 'recovery share released to a session')
      reply.header('cache-control', 'no-store')
      return {
        authShare,
        recoveryShare,
        ...wireAddresses(user.addresses),
        token: rotated.token,
        expiresAt: rotated.expiresAt.toISOString(),
      }
    },
  )
}

export const walletRoutes = fp(walletRoutesPlugin, { name: 'latch-auth-wallet', encapsulate: true })
