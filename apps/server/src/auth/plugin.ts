import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../http/errors.js'
import type { AuthContext } from './context.js'
import { registerFrameCors } from './cors.js'
import { createMailer } from './mailer.js'
import { DEVICE_APPROVAL_PATH, deviceRoutes } from './routes/device.js'
import { emailRoutes } from './routes/email.js'
import { farcasterRoutes } from './routes/farcaster.js'
import { frameRoutes } from './routes/frame.js'
import { sessionRoutes } from './routes/sessions.js'
import { SOCIAL_CALLBACK_PATH, socialRoutes } from './routes/social.js'
import { updateEmailRoutes } from './routes/update-email.js'
import { walletRoutes } from './routes/wallet.js'
import { rpcProxyRoutes } from './rpc-proxy.js'
import { codeKey, loadCustodyKeys } from './secrets.js'
import { scheduleSweep } from './sweep.js'

export interface AuthRoutesOptions {
  /** Tests move the clock. */
  now?: (() => Date) | undefined
}

/**
 * Email sign-in, sessions and key custody for the embedded wallet (issue 7). Registered by
 * app.ts; everything under /auth/v1 answers only the secure frame's origins.
 */
const authRoutesPlugin: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { auth, dataDir, port } = app.config
  const keys = loadCustodyKeys(auth, dataDir)
  const mailer = createMailer(auth.smtpUrl, auth.mailFrom)
  app.addHook('onClose', async () => mailer.close())
  const ctx: AuthContext = {
    keys,
    codeKey: codeKey(keys),
    mailer,
    publicUrl: (auth.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, ''),
    mailIntervalMs: auth.mailIntervalMs,
    now: options.now ?? (() => new Date()),
  }

  // The device approval form posts urlencoded; only this plugin's routes parse it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  // Any web page can make its visitors' browsers send a form post (no preflight, no CORS): every
  // route but the approval link and the social callback takes JSON only, which a foreign page
  // cannot send unasked. The callback's form post is worthless without its one-time state.
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
    if (
      (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') &&
      request.routeOptions.url !== DEVICE_APPROVAL_PATH &&
      // Apple answers a sign-in with a form post to the callback (docs/social.md#the-flow).
      request.routeOptions.url !== SOCIAL_CALLBACK_PATH
    )
      throw new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send JSON (application/json); form posts are refused',
      )
  })
  // Expired codes, flows and approval links are deleted on a schedule, from ready to close.
  let sweep: ReturnType<typeof scheduleSweep> | undefined
  app.addHook('onReady', async () => {
    sweep = scheduleSweep(app.db, { intervalMs: auth.sweepIntervalMs, now: ctx.now, log: app.log })
  })
  app.addHook('onClose', async () => sweep?.stop())
  registerFrameCors(app, '/auth/v1', auth.frameOrigins)
  await app.register(frameRoutes)
  await app.register(emailRoutes, { ctx })
  await app.register(updateEmailRoutes, { ctx })
  await app.register(walletRoutes, { ctx })
  await app.register(sessionRoutes, { ctx })
  await app.register(deviceRoutes, { ctx })
  await app.register(socialRoutes, { ctx })
  await app.register(farcasterRoutes, { ctx })
  await app.register(rpcProxyRoutes, { frameOrigins: auth.frameOrigins })
}

export const authRoutes = fp(authRoutesPlugin, { name: 'latch-auth', encapsulate: true })
