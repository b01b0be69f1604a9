import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { EmptyBody } from '../auth/schemas.js'
import { bearer } from '../auth/sessions.js'
import { errorResponses, HttpError } from '../http/errors.js'
import { projectErrorResponses, projectQuerySchema } from '../http/project-query.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../http/project-scope.js'
import { readRateLimit } from '../http/rate-limit.js'
import { allowCredentials, cookieToken, credentialed, sessionCookie } from './cookies.js'
import {
  consumeNonce,
  createSiwxSession,
  findSiwxSession,
  issueNonce,
  listSiwxSessions,
  revokeSiwxSession,
} from './store.js'
import { signInVerifiers, verifySignIn } from './verifiers.js'
import { SiwxError } from './verify.js'

export interface SiwxRoutesOptions {
  now?: (() => Date) | undefined
}

const Session = Type.Object({
  id: Type.String(),
  address: Type.String({ description: 'EVM: lower-cased; Solana: the base58 key as signed' }),
  chainId: Type.String({ description: 'CAIP-2' }),
  domain: Type.String(),
  issuedAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
})

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSiwxSession>>>
const view = (row: SessionRow) => ({
  id: row.id,
  address: row.address,
  chainId: row.chainId,
  domain: row.domain,
  issuedAt: row.issuedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
})

const NONCE_LIMIT_PER_MINUTE = 30
const VERIFY_LIMIT_PER_MINUTE = 30

/**
 * Sign in with the wallet (docs/siwx.md): a single-use nonce, then a message signed by the
 * account, checked by its namespace's verifier (chains/<namespace>/sign-in.ts, registered in
 * verifiers.ts) against the page's verified Origin and this server's chains; the session answers
 * as a bearer token or an HttpOnly cookie (cookies.ts).
 * Every route is project-scoped: a page off the project's allow-list gets nothing.
 */
const siwxRoutesPlugin: FastifyPluginAsyncTypebox<SiwxRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date())
  const verifiers = signInVerifiers(app.config.chainData)
  const scoped = (limit: number) => ({
    config: { ...projectScopedConfig, rateLimit: readRateLimit(limit) },
    onRequest: [exposeErrors, allowCredentials],
    preHandler: requireProject,
  })
  const pageOrigin = (request: FastifyRequest): string => {
    const origin = request.headers.origin
    if (typeof origin !== 'string' || !origin)
      throw new HttpError(
        400,
        'ORIGIN_REQUIRED',
        'Sign-in is for pages: the request must carry the Origin the message was written for.',
      )
    return origin
  }
  const sessionOf = async (request: FastifyRequest) => {
    const token = bearer(request) ?? cookieToken(request)
    const row = token
      ? await findSiwxSession(app.db, projectOf(request).id, token, now())
      : undefined
    if (!row) throw new HttpError(401, 'UNAUTHENTICATED', 'No live sign-in for this token.')
    return row
  }
  const preflight = {
    config: projectScopedConfig,
    schema: { hide: true, querystring: projectQuerySchema },
  }
  for (const path of ['/siwx/v1/nonce', '/siwx/v1/verify', '/siwx/v1/sign-out'])
    app.options(path, preflight, (request, reply) => {
      credentialed(reply)
      return answerPreflight(request, reply, 'POST', 'content-type, authorization')
    })
  for (const [path, method] of [
    ['/siwx/v1/session', 'GET'],
    ['/siwx/v1/sessions', 'GET'],
    ['/siwx/v1/sessions/:id', 'DELETE'],
  ] as const)
    app.options(path, preflight, (request, reply) => {
      credentialed(reply)
      return answerPreflight(request, reply, method, 'authorization')
    })

  app.post(
    '/siwx/v1/nonce',
    {
      ...scoped(NONCE_LIMIT_PER_MINUTE),
      schema: {
        summary: 'A single-use sign-in nonce, valid 5 minutes',
        tags: ['siwx'],
        querystring: projectQuerySchema,
        body: EmptyBody,
        response: {
          201: Type.Object({
            nonce: Type.String(),
            expiresAt: Type.String({ format: 'date-time' }),
          }),
          ...projectErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { nonce, expiresAt } = await issueNonce(app.db, projectOf(request).id, now())
      reply.status(201)
      return { nonce, expiresAt: expiresAt.toISOString() }
    },
  )

  app.post(
    '/siwx/v1/verify',
    {
      ...scoped(VERIFY_LIMIT_PER_MINUTE),
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Verify a signed EIP-4361 (EVM) or CAIP-122 (Solana) message and start a session',
        description:
          "Domain and URI must be the calling page's Origin; the chain one this server has an RPC upstream for (EVM) or a known Solana network; issued-at not in the future, expiration not past, not-before reached; the nonce issued here for this project and unused; the signature the address's (EVM: EOA, ERC-1271 or ERC-6492; Solana: ed25519, base58 or base64).",
        tags: ['siwx'],
        querystring: projectQuerySchema,
        body: Type.Object(
          {
            message: Type.String({ minLength: 1, maxLength: 8_192 }),
            signature: Type.String({ minLength: 1, maxLength: 8_192 }),
            transport: Type.Optional(
              Type.Union([Type.Literal('bearer'), Type.Literal('cookie')], {
                description:
                  'bearer (default): the token is in the answer; cookie: it is set as an HttpOnly, Secure, SameSite=Strict cookie instead and the answer carries none',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ token: Type.Optional(Type.String()), session: Session }),
          ...projectErrorResponses,
          ...errorResponses({
            400: 'SIWX_MALFORMED, SIWX_DOMAIN_MISMATCH, SIWX_URI_MISMATCH, SIWX_CHAIN_UNSUPPORTED, SIWX_ISSUED_IN_FUTURE, SIWX_EXPIRED, SIWX_NOT_YET_VALID, SIWX_NONCE_INVALID or ORIGIN_REQUIRED',
            401: 'SIWX_BAD_SIGNATURE',
            502: 'UPSTREAM_ERROR: the chain node did not answer',
          }),
        },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const at = now()
      const { message, signature } = request.body
      const origin = pageOrigin(request)
      // The signature before the nonce: garbage cannot burn a nonce the wallet is about to use.
      const checked = await verifySignIn(verifiers, { message, signature, origin, now: at })
      if (!(await consumeNonce(app.db, project.id, checked.nonce, at)))
        throw new SiwxError(
          'SIWX_NONCE_INVALID',
          'The nonce was not issued here for this project, or is used or expired: ask for a new one.',
        )
      const { token, session } = await createSiwxSession(
        app.db,
        {
          projectId: project.id,
          address: checked.address,
          chainId: checked.chainId,
          domain: checked.domain,
          uri: checked.uri,
          message,
          signature,
          issuedAt: checked.issuedAt,
          expirationTime: checked.expirationTime,
        },
        at,
      )
      reply.status(201)
      if (request.body.transport === 'cookie') {
        const seconds = Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000)
        reply.header('set-cookie', sessionCookie(token, seconds))
        return { session: view(session) }
      }
      return { token, session: view(session) }
    },
  )

  const authorised = {
    401: errorResponses({ 401: 'UNAUTHENTICATED: no live sign-in for the bearer token' })[401],
  }

  app.get(
    '/siwx/v1/session',
    {
      ...scoped(600),
      schema: {
        summary: 'The sign-in the bearer token stands for',
        tags: ['siwx'],
        querystring: projectQuerySchema,
        response: {
          200: Type.Object({ session: Session }),
          ...projectErrorResponses,
          ...authorised,
        },
      },
    },
    async (request) => ({ session: view(await sessionOf(request)) }),
  )

  app.get(
    '/siwx/v1/sessions',
    {
      ...scoped(600),
      schema: {
        summary: "The account's live sign-ins in this project, newest first",
        tags: ['siwx'],
        querystring: projectQuerySchema,
        response: {
          200: Type.Object({ sessions: Type.Array(Session) }),
          ...projectErrorResponses,
          ...authorised,
        },
      },
    },
    async (request) => {
      const current = await sessionOf(request)
      const rows = await listSiwxSessions(app.db, current.projectId, current.address, now())
      return { sessions: rows.map(view) }
    },
  )

  app.delete(
    '/siwx/v1/sessions/:id',
    {
      ...scoped(600),
      schema: {
        summary: "Revoke one of the account's sign-ins",
        tags: ['siwx'],
        querystring: projectQuerySchema,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: {
          204: Type.Null(),
          ...projectErrorResponses,
          ...authorised,
          ...errorResponses({ 404: 'NOT_FOUND: not a live sign-in of this account' }),
        },
      },
    },
    async (request, reply) => {
      const current = await sessionOf(request)
      const revoked = await revokeSiwxSession(
        app.db,
        { projectId: current.projectId, address: current.address },
        request.params.id,
        now(),
      )
      if (!revoked) throw new HttpError(404, 'NOT_FOUND', 'Not a live sign-in of this account.')
      reply.status(204).send(null)
    },
  )

  app.post(
    '/siwx/v1/sign-out',
    {
      ...scoped(600),
      schema: {
        summary: 'End the sign-in the bearer token stands for',
        tags: ['siwx'],
        querystring: projectQuerySchema,
        body: EmptyBody,
        response: { 204: Type.Null(), ...projectErrorResponses, ...authorised },
      },
    },
    async (request, reply) => {
      const current = await sessionOf(request)
      await revokeSiwxSession(
        app.db,
        { projectId: current.projectId, address: current.address },
        current.id,
        now(),
      )
      // Whichever way the token came, a cookie of it is of no use any more.
      if (cookieToken(request)) reply.header('set-cookie', sessionCookie('', 0))
      reply.status(204).send(null)
    },
  )
}

export const siwxRoutes = fp(siwxRoutesPlugin, { name: 'latch-siwx', encapsulate: true })
