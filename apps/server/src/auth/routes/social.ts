import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { randomPKCECodeVerifier } from 'openid-client'
import { Type } from 'typebox'
import { HttpError } from '../../http/errors.js'
import { type AuthRouteOptions, requireKnownProject } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { authPageHeaders } from '../pages.js'
import { authErrors, DeviceId, ProjectId, projectErrors, Session } from '../schemas.js'
import { newToken, sha256 } from '../secrets.js'
import { allowedPageOrigin } from '../sessions.js'
import { OAUTH_PROVIDERS, type OAuthProvider } from '../social/config.js'
import {
  authorizationUrl,
  completeSignIn,
  PROVIDERS,
  type SocialIdentity,
} from '../social/providers.js'
import {
  claimFlow,
  FLOW_TTL_MS,
  insertFlow,
  settleFlow,
  signInAsIdentity,
  spendFlow,
} from '../social/store.js'
import { findFrameFlow, signInInvalid } from './flows.js'

export const SOCIAL_CALLBACK_PATH = '/auth/v1/social/callback'

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })
const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })

const StartBody = Type.Object({
  projectId: ProjectId,
  provider: Type.Unsafe<OAuthProvider>({ type: 'string', enum: [...OAUTH_PROVIDERS] }),
  deviceId: DeviceId,
})
const FinishBody = Type.Object({
  projectId: ProjectId,
  deviceId: DeviceId,
  flowToken: Token,
  result: Token,
})

const pageHeaders = authPageHeaders("'none'")
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The popup's last page: it hands the outcome to the secure frame that opened it — only to the
 * frame origin recorded at start, never to the dapp page, which must not see the result — and
 * closes. The result code alone signs nobody in: the frame adds its flow token.
 */
function callbackPage(
  title: string,
  text: string,
  message?: { origin: string | null; data: object },
) {
  const data = message?.origin
    ? ` data-origin="${escapeHtml(message.origin)}" data-message="${escapeHtml(JSON.stringify(message.data))}"`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Latch</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/auth/v1/social/callback.css">
<script src="/auth/v1/social/callback.js" defer></script></head><body><main id="outcome"${data}>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`
}
const callbackScript = `document.addEventListener('DOMContentLoaded',function(){var m=document.getElementById('outcome');var o=m&&m.dataset.origin;if(o&&window.opener){window.opener.postMessage(JSON.parse(m.dataset.message),o);setTimeout(function(){window.close()},50)}})`
const callbackStyle = 'body{font:16px system-ui;margin:3rem auto;max-width:28rem;padding:0 1rem}'

/** What a provider's error answer means to the visitor. */
function providerErrorText(label: string, error: string) {
  return error === 'access_denied'
    ? `Sign-in with ${label} was declined`
    : `${label} could not sign you in (${error.slice(0, 80)})`
}

/**
 * The secure frame's origin a request comes from (its `Origin` header), when it is one of the
 * configured frame origins (LATCH_FRAME_ORIGINS); the page's own scripts have another origin.
 */
function frameOriginOf(request: FastifyRequest): string {
  const origin = request.headers.origin
  if (typeof origin !== 'string' || !request.server.config.auth.frameOrigins.includes(origin))
    throw new HttpError(
      403,
      'FRAME_ORIGIN_REQUIRED',
      'Social sign-in starts only from the secure frame',
    )
  return origin
}

/**
 * Social sign-in (docs/social.md#the-flow): the frame starts a flow and gets the provider's URL
 * and a flow token, and opens the popup itself; the popup comes back to the callback, which
 * finishes the exchange and hands a result code to the frame's origin only; the frame trades
 * flow token + result code for a session.
 * Provider tokens stay on this server: neither the frame nor the page ever sees one.
 */
const socialRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { ctx }) => {
  const { social } = app.config.auth
  const redirectUri = `${ctx.publicUrl}${SOCIAL_CALLBACK_PATH}`

  app.post(
    '/auth/v1/social/start',
    {
      config: limited(30),
      schema: {
        summary: "Start a social sign-in: the provider's URL for the popup, and a flow token",
        tags: ['auth'],
        body: StartBody,
        response: {
          200: Type.Object({
            uri: Type.String(),
            flowToken: Type.String(),
            expiresAt: Type.String(),
          }),
          ...authErrors,
          ...projectErrors,
        },
      },
    },
    async (request) => {
      const { projectId, provider, deviceId } = request.body
      const frameOrigin = frameOriginOf(request)
      const project = await requireKnownProject(request, projectId)
      const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
      if (!pageOrigin)
        throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'This page may not use this project')
      const client = social[provider]
      if (!client || !project.features.socials.includes(provider))
        throw new HttpError(
          400,
          'PROVIDER_NOT_ENABLED',
          `Sign-in with ${PROVIDERS[provider].label} is not enabled for this project`,
        )
      const state = newToken()
      const flowToken = newToken()
      const request_ = {
        redirectUri,
        state,
        nonce: newToken(),
        codeVerifier: randomPKCECodeVerifier(),
      }
      let uri: string
      try {
        uri = await authorizationUrl(provider, client, request_)
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social provider unreachable')
        throw new HttpError(
          502,
          'PROVIDER_UNREACHABLE',
          `${PROVIDERS[provider].label} is not answering`,
        )
      }
      const expiresAt = new Date(ctx.now().getTime() + FLOW_TTL_MS)
      await insertFlow(app.db, {
        stateHash: sha256(state),
        flowTokenHash: sha256(flowToken),
        provider,
        projectId,
        pageOrigin,
        frameOrigin,
        deviceHash: sha256(deviceId),
        codeVerifier: request_.codeVerifier,
        nonce: request_.nonce,
        expiresAt,
      })
      return { uri, flowToken, expiresAt: expiresAt.toISOString() }
    },
  )

  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    // Apple posts its answer as a form; the others redirect with a query.
    const params = new URLSearchParams(
      request.method === 'POST'
        ? (request.body as Record<string, string>)
        : (request.query as Record<string, string>),
    )
    const state = params.get('state')
    const now = ctx.now()
    const flow =
      state && /^[A-Za-z0-9_-]{20,100}$/.test(state)
        ? await claimFlow(app.db, 'oauth', sha256(state), now)
        : undefined
    if (!flow)
      return reply
        .status(400)
        .headers(pageHeaders)
        .send(
          callbackPage(
            'This sign-in link is not valid',
            'It was used already or has expired. Close this window and start again from the app.',
          ),
        )
    const provider = flow.provider as OAuthProvider
    const { label } = PROVIDERS[provider]
    const fail = async (error: string, text: string) => {
      await settleFlow(app.db, flow.stateHash, { status: 'failed', error })
      return reply
        .status(400)
        .headers(pageHeaders)
        .send(
          callbackPage('Not signed in', text, {
            origin: flow.frameOrigin,
            data: { type: 'latch:social', error: text },
          }),
        )
    }
    const providerError = params.get('error')
    if (providerError) return fail(providerError, providerErrorText(label, providerError))
    const client = social[provider]
    if (!client) return fail('not_configured', `Sign-in with ${label} is not enabled`)
    try {
      const url = new URL(redirectUri)
      url.search = params.toString()
      const identity = await completeSignIn(provider, client, url, {
        redirectUri,
        state: state!,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      })
      const result = newToken()
      await settleFlow(app.db, flow.stateHash, {
        status: 'done',
        identity,
        resultCodeHash: sha256(result),
      })
      return reply.headers(pageHeaders).send(
        callbackPage('Signed in', `You are signed in with ${label}. This window closes itself.`, {
          origin: flow.frameOrigin,
          data: { type: 'latch:social', result },
        }),
      )
    } catch (error) {
      request.log.warn({ err: error, provider }, 'social sign-in refused')
      return fail('exchange_failed', `${label} could not confirm this sign-in; start again`)
    }
  }
  const callbackOptions = {
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    schema: { hide: true },
  }
  app.get(SOCIAL_CALLBACK_PATH, callbackOptions, callback)
  app.post(SOCIAL_CALLBACK_PATH, callbackOptions, callback)
  app.get('/auth/v1/social/callback.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-store').send(callbackScript),
  )
  app.get('/auth/v1/social/callback.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').send(callbackStyle),
  )

  app.post(
    '/auth/v1/social/finish',
    {
      config: limited(30),
      schema: {
        summary: "Trade the flow token and the popup's result code for a session",
        tags: ['auth'],
        body: FinishBody,
        response: { 200: Session, ...authErrors, ...projectErrors },
      },
    },
    async (request) => {
      const { projectId, deviceId, flowToken, result } = request.body
      const now = ctx.now()
      const flow = await findFrameFlow(request, 'oauth', { projectId, flowToken, deviceId }, now)
      if (flow.status === 'failed')
        throw new HttpError(400, 'SOCIAL_SIGN_IN_FAILED', flow.error ?? 'Not signed in')
      if (flow.resultCodeHash !== sha256(result)) throw signInInvalid()
      if (!(await spendFlow(app.db, flow.stateHash))) throw signInInvalid()
      const identity = flow.identity as SocialIdentity
      const provider = flow.provider as OAuthProvider
      return signInAsIdentity(app.db, flow, provider, identity, deviceId, now)
    },
  )
}

export const socialRoutes = fp(socialRoutesPlugin, { name: 'latch-auth-social', encapsulate: true })
