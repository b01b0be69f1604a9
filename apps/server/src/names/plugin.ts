import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fullName, labelOf } from '@latch/core/wire'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { chainClients } from '../chain.js'
import { errorResponses } from '../http/errors.js'
import { projectErrorResponses, projectQuerySchema, sdkQuery } from '../http/project-query.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../http/project-scope.js'
import { readRateLimit } from '../http/rate-limit.js'
import type { GuardedFetchOptions } from '../net/guarded-fetch.js'
import { avatarRoutes, servedRecord } from './avatar.js'
import {
  checkRegistrationLimits,
  DEFAULT_REGISTRATION_LIMITS,
  MAX_NAMES_PER_ADDRESS,
  type RegistrationLimits,
  registerWithinLimits,
} from './limits.js'
import { findName, namesOf, recordOf, takenAmong } from './store.js'
import { candidateNames, cleanLabel, SUGGESTION_COUNT } from './suggest.js'
import { NameError, parseRegistration, verifyRegistrationSignature } from './verify.js'

export interface NameRoutesOptions {
  now?: (() => Date) | undefined
  /** Registration limits by client address, project and server (defaults: limits.ts). */
  registrationLimits?: RegistrationLimits | undefined
  /** Avatar fetches' options; only tests pass them (to reach loopback fixtures). */
  avatarFetch?: GuardedFetchOptions | undefined
}

export { MAX_NAMES_PER_ADDRESS }

const REGISTER_LIMIT_PER_MINUTE = 10
const LOOKUP_LIMIT_PER_MINUTE = 600

const NameRecord = Type.Object({
  name: Type.String(),
  registered: Type.Number({ description: 'Unix seconds' }),
  updated: Type.Number({ description: 'Unix seconds' }),
  registered_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  addresses: Type.Record(
    Type.String({ description: 'ENSIP-11 coin type' }),
    Type.Object({ address: Type.String(), created: Type.String() }),
  ),
  attributes: Type.Array(
    Type.Object({ avatar: Type.Optional(Type.String()), bio: Type.Optional(Type.String()) }),
  ),
})

const lookupQuery = Type.Object({
  ...sdkQuery,
  apiVersion: Type.Optional(Type.String({ maxLength: 8 })),
  sender: Type.Optional(Type.String({ maxLength: 64 })),
  zone: Type.Optional(Type.String({ maxLength: 253 })),
})

/**
 * The account-name registry (docs/names.md) on the reference's paths: lookup, reverse lookup,
 * suggestions, and registration authorised by the account's signature of a dated message.
 * Names live under one suffix (LATCH_NAME_SUFFIX, default latch.id) and are shared by every
 * project of this server; every route is still project-scoped, so pages off the allow-list get
 * nothing.
 */
const plugin: FastifyPluginAsyncTypebox<NameRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date())
  const suffix = app.config.nameSuffix
  const limits = options.registrationLimits ?? DEFAULT_REGISTRATION_LIMITS
  await app.register(avatarRoutes, {
    rpcUrls: app.config.chainData.rpcUrls,
    fetchOptions: options.avatarFetch,
  })
  const clientOf = chainClients(app.config.chainData.rpcUrls)
  const scoped = (limit: number) => ({
    config: { ...projectScopedConfig, rateLimit: readRateLimit(limit) },
    onRequest: exposeErrors,
    preHandler: requireProject,
  })
  const ownName = (raw: string) => {
    const label = labelOf(raw, suffix)
    return label === undefined ? undefined : fullName(label, suffix)
  }

  app.options(
    '/v1/profile/account',
    { config: projectScopedConfig, schema: { hide: true, querystring: projectQuerySchema } },
    (request, reply) => answerPreflight(request, reply, 'POST', 'content-type'),
  )

  app.get(
    '/v1/profile/account/:name',
    {
      ...scoped(LOOKUP_LIMIT_PER_MINUTE),
      schema: {
        summary: 'Who a name belongs to',
        tags: ['names'],
        params: Type.Object({ name: Type.String({ maxLength: 320 }) }),
        querystring: lookupQuery,
        response: {
          200: NameRecord,
          ...projectErrorResponses,
          ...errorResponses({ 404: 'NAME_NOT_FOUND: nobody registered it' }),
        },
      },
    },
    async (request) => {
      const name = ownName(request.params.name)
      const row = name ? await findName(app.db, name) : undefined
      if (!row)
        throw new NameError(404, 'NAME_NOT_FOUND', `${request.params.name} is not registered.`)
      return servedRecord(request, recordOf(row))
    },
  )

  app.get(
    '/v1/profile/reverse/:address',
    {
      ...scoped(LOOKUP_LIMIT_PER_MINUTE),
      schema: {
        summary: "An address's names, the primary (newest) first",
        tags: ['names'],
        params: Type.Object({ address: Type.String({ maxLength: 64 }) }),
        querystring: lookupQuery,
        response: { 200: Type.Array(NameRecord), ...projectErrorResponses },
      },
    },
    async (request) =>
      (await namesOf(app.db, request.params.address)).map((row) =>
        servedRecord(request, recordOf(row)),
      ),
  )

  app.get(
    '/v1/profile/suggestions/:name',
    {
      ...scoped(LOOKUP_LIMIT_PER_MINUTE),
      schema: {
        summary: 'Whether a name is free, and free names like it',
        description: `The name asked for comes first with its state (when the rules allow it), then up to ${SUGGESTION_COUNT} free alternatives.`,
        tags: ['names'],
        params: Type.Object({ name: Type.String({ maxLength: 320 }) }),
        querystring: lookupQuery,
        response: {
          200: Type.Object({
            suggestions: Type.Array(
              Type.Object({ name: Type.String(), registered: Type.Boolean() }),
            ),
          }),
          ...projectErrorResponses,
        },
      },
    },
    async (request) => {
      const label = cleanLabel(request.params.name, suffix)
      if (!label) return { suggestions: [] }
      const candidates = candidateNames(label, suffix, now())
      const taken = await takenAmong(app.db, candidates)
      const asked = fullName(label, suffix)
      const first = candidates[0] === asked ? [{ name: asked, registered: taken.has(asked) }] : []
      const free = candidates
        .filter((name) => name !== asked && !taken.has(name))
        .slice(0, SUGGESTION_COUNT)
        .map((name) => ({ name, registered: false }))
      return { suggestions: [...first, ...free] }
    },
  )

  app.post(
    '/v1/profile/account',
    {
      ...scoped(REGISTER_LIMIT_PER_MINUTE),
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Register a name for the address that signed the message',
        description:
          'The message is the JSON {name, attributes, timestamp} signed with personal_sign by the address, at most 10 minutes old; the signature is checked on the chain of coin_type (ERC-1271 and ERC-6492 where this server has an upstream for that chain).',
        tags: ['names'],
        querystring: projectQuerySchema,
        body: Type.Object(
          {
            coin_type: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
            address: Type.String({ maxLength: 64 }),
            message: Type.String({ maxLength: 4096 }),
            signature: Type.String({ maxLength: 8192 }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: NameRecord,
          ...projectErrorResponses,
          ...errorResponses({
            400: 'NAME_MESSAGE_MALFORMED, NAME_WRONG_SUFFIX, NAME_INVALID, NAME_MESSAGE_EXPIRED, NAME_ATTRIBUTE_INVALID, NAME_COIN_TYPE_UNSUPPORTED, INVALID_ADDRESS',
            401: 'NAME_BAD_SIGNATURE: not the address’s signature of the message',
            409: 'NAME_TAKEN, NAME_RESERVED or NAME_LIMIT_REACHED',
            429: 'NAME_RATE_LIMITED: too many names from this client address or project today, or on this server this hour',
            502: 'UPSTREAM_ERROR: the chain node did not answer',
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body
      const registration = parseRegistration(body.message, suffix, now())
      const context = { ip: request.ip, projectId: projectOf(request).id, now: now(), limits }
      // Before the signature check too: that may cost upstream calls (ERC-1271, ERC-6492).
      await checkRegistrationLimits(app.db, context)
      const { address } = await verifyRegistrationSignature(
        {
          address: body.address,
          coinType: body.coin_type,
          message: body.message,
          signature: body.signature,
        },
        (chainId) => {
          const client = clientOf(chainId)
          return client ? (args) => client.verifyMessage(args) : undefined
        },
      )
      const row = await registerWithinLimits(
        app.db,
        {
          name: registration.name,
          address,
          coinType: body.coin_type,
          attributes: registration.attributes,
          message: body.message,
          signature: body.signature,
        },
        context,
      )
      if (!row)
        throw new NameError(409, 'NAME_TAKEN', `${registration.name} is already registered.`)
      request.log.info({ name: row.name, address: row.address }, 'name registered')
      reply.status(201)
      return servedRecord(request, recordOf(row))
    },
  )
}

export const nameRoutes = fp(plugin, { name: 'latch-names', encapsulate: true })
