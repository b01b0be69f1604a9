import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isOriginAllowed } from '@latch/core/wire'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { projectQuerySchema } from '../http/project-query.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../http/project-scope.js'
import { readRateLimit } from '../http/rate-limit.js'
import {
  optionsResponse,
  quoteBody,
  quoteResponse,
  sessionBody,
  sessionCreatedResponse,
  sessionResponse,
} from './schemas.js'
import { createOnrampService, providersFrom } from './service.js'
import { applyStatus, findSession, insertSession, markPolled, type SessionRow } from './store.js'
import { isFinal, OnrampError, type OnrampProvider, type SessionStatus } from './types.js'
import { moonpayWebhookRoutes } from './webhooks.js'

export interface OnrampRoutesOptions {
  /** Tests hand in providers; the server builds them from `config.onramp`. */
  providers?: OnrampProvider[]
  now?: (() => Date) | undefined
  /** How long a session read trusts the stored status before asking the provider again. */
  pollPauseMs?: number
}

const READ_LIMIT_PER_MINUTE = 300
const QUOTE_LIMIT_PER_MINUTE = 60
const SESSION_LIMIT_PER_MINUTE = 20

export class SessionNotFoundError extends OnrampError {
  override name = 'SessionNotFoundError'
  constructor() {
    super(404, 'ONRAMP_SESSION_NOT_FOUND', 'No such on-ramp session')
  }
}

export function viewOf(row: SessionRow) {
  return {
    id: row.id,
    provider: row.provider as 'moonpay' | 'coinbase',
    status: row.status as SessionStatus,
    network: row.network,
    asset: row.asset,
    address: row.address,
    fiatCurrency: row.fiatCurrency,
    fiatAmount: row.fiatAmount,
    paymentMethod: row.paymentMethod as 'card' | 'bank',
    cryptoAmount: row.cryptoAmount,
    txHash: row.txHash,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The on-ramp routes (docs/onramp.md): options, quotes, checkout sessions and their status. Status
 * comes by the providers' webhooks and, because a self-hosted server may have no public URL, by
 * asking the provider when a page reads a session that is not final.
 */
const plugin: FastifyPluginAsyncTypebox<OnrampRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date())
  const pollPauseMs = options.pollPauseMs ?? 3000
  const service = createOnrampService(
    options.providers ?? providersFrom(app.config.onramp),
    app.log,
  )
  const scoped = (limit: number) => ({
    config: { ...projectScopedConfig, rateLimit: readRateLimit(limit) },
    onRequest: exposeErrors,
    preHandler: requireProject,
  })

  for (const path of ['/v1/onramp/quote', '/v1/onramp/sessions'])
    app.options(
      path,
      { config: projectScopedConfig, schema: { hide: true, querystring: projectQuerySchema } },
      (request, reply) => answerPreflight(request, reply, 'POST', 'content-type'),
    )

  app.get(
    '/v1/onramp/options',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      schema: {
        summary:
          'What can be bought: assets per network, fiat currencies, payment methods and limits',
        description:
          "Limits are the provider's own where it names them, else the fallback (card 10–7,500 USD, bank 10–25,000 USD).",
        tags: ['onramp'],
        querystring: projectQuerySchema,
        response: optionsResponse,
      },
    },
    async () => service.options(),
  )

  app.post(
    '/v1/onramp/quote',
    {
      ...scoped(QUOTE_LIMIT_PER_MINUTE),
      schema: {
        summary: "Each provider's quote: amount out, fees and the total",
        description:
          'A provider that cannot quote is listed in refusals with its reason; when none can, the first reason is the answer (422).',
        tags: ['onramp'],
        querystring: projectQuerySchema,
        body: quoteBody,
        response: quoteResponse,
      },
    },
    async (request) => {
      const { provider, ...input } = request.body
      const answer = await service.quotes(input, provider)
      const first = answer.refusals[0]
      if (answer.quotes.length === 0 && first) throw new OnrampError(422, first.code, first.message)
      return answer
    },
  )

  app.post(
    '/v1/onramp/sessions',
    {
      ...scoped(SESSION_LIMIT_PER_MINUTE),
      schema: {
        summary: "A checkout session: the provider's signed widget URL or session-token URL",
        tags: ['onramp'],
        querystring: projectQuerySchema,
        body: sessionBody,
        response: sessionCreatedResponse,
      },
    },
    async (request) => {
      const project = projectOf(request)
      const { provider: providerId, address, redirectUrl, ...input } = request.body
      // The provider sends the buyer back here: only to a page of this project.
      if (redirectUrl !== undefined && !isAllowedRedirect(redirectUrl, project.allowedOrigins))
        throw new OnrampError(
          422,
          'ONRAMP_BAD_REDIRECT',
          "redirectUrl must be on one of the project's allowed origins",
        )
      const asset = await service.checkoutAsset(providerId, input)
      const provider = service.providerById(providerId)
      const id = randomUUID()
      const url = await provider.checkoutUrl({
        ...input,
        asset,
        sessionId: id,
        projectId: project.id,
        address,
        redirectUrl,
        clientIp: request.ip,
      })
      const row = await insertSession(
        app.db,
        {
          id,
          projectId: project.id,
          provider: provider.id,
          network: input.network,
          asset: asset.symbol,
          assetAddress: asset.address,
          address,
          fiatCurrency: input.fiatCurrency,
          fiatAmount: input.fiatAmount,
          paymentMethod: input.paymentMethod,
        },
        now(),
      )
      return { session: viewOf(row), url }
    },
  )

  app.get(
    '/v1/onramp/sessions/:id',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      schema: {
        summary: "A session's status; asks the provider when it is not final",
        tags: ['onramp'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        querystring: projectQuerySchema,
        response: sessionResponse,
      },
    },
    async (request) => {
      const row = await findSession(app.db, request.params.id)
      // Another project's session is as unknown as a missing one.
      if (!row || row.projectId !== projectOf(request).id) throw new SessionNotFoundError()
      const at = now()
      const due = !row.polledAt || at.getTime() - row.polledAt.getTime() >= pollPauseMs
      if (isFinal(row.status as SessionStatus) || !due) return viewOf(row)
      await markPolled(app.db, row.id, at)
      const provider = service.providers.find((p) => p.id === row.provider)
      if (!provider) return viewOf(row)
      try {
        const report = await provider.status(row.id)
        return viewOf(report ? await applyStatus(app.db, row, report, at) : row)
      } catch (error) {
        // The stored status is still true, only not newer: the page keeps reading.
        request.log.warn({ err: error, provider: row.provider }, 'on-ramp status poll failed')
        return viewOf(row)
      }
    },
  )

  await app.register(moonpayWebhookRoutes, {
    webhookKey: app.config.onramp.moonpay?.webhookKey,
    coinbaseSecret: app.config.onramp.coinbase?.webhookSecret,
    now,
  })
}

function isAllowedRedirect(raw: string, allowedOrigins: string[]): boolean {
  try {
    const url = new URL(raw)
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      isOriginAllowed(url.origin, allowedOrigins)
    )
  } catch {
    return false
  }
}

export const onrampRoutes = fp(plugin, { name: 'latch-onramp', encapsulate: true })
