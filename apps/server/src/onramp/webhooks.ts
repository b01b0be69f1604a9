import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { coinbaseWebhookRoute } from './coinbase-webhook.js'
import { parseSignatureHeader, transactionStatus, webhookSignatureMatches } from './moonpay.js'
import { record, text } from './provider-fetch.js'
import { webhookBody, webhookResponse } from './schemas.js'
import { applyStatus, findSession } from './store.js'
import type { SessionStatus } from './types.js'
import { admitDelivery, refuse } from './webhook-guard.js'

/** Sender's deliveries per minute per address: MoonPay sends a few per purchase. */
const WEBHOOK_LIMIT_PER_MINUTE = 300

export interface WebhookRoutesOptions {
  /** MoonPay's webhook API key; unset: its route answers 404. */
  webhookKey: string | undefined
  /** The CDP webhook subscription's secret; unset: Coinbase's route answers 404. */
  coinbaseSecret?: string | undefined
  now: () => Date
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook's body exactly as sent: the signature covers these bytes, not a re-encoding. */
    onrampRawBody?: string
  }
}

/**
 * `POST /v1/onramp/webhooks/moonpay`: MoonPay's transaction reports. Checked in order: the
 * Moonpay-Signature-V2 HMAC over `<t>.<raw body>`, the timestamp's freshness, that this signed
 * delivery was not taken before (replay), and that the report's project and wallet are the
 * session's. A report that moves nothing forward (a duplicate, a late one) is answered 200 and
 * changes nothing, so MoonPay's retries are harmless.
 */
export const moonpayWebhookRoutes: FastifyPluginAsyncTypebox<WebhookRoutesOptions> = async (
  app,
  options,
) => {
  // In this plugin only: keep the raw text for the HMAC, then parse it ourselves.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request: FastifyRequest, body, done) => {
      request.onrampRawBody = body as string
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(refuse(400, 'BAD_REQUEST', 'The webhook body is not JSON'), undefined)
      }
    },
  )

  app.post(
    '/v1/onramp/webhooks/moonpay',
    {
      config: {
        rateLimit: { max: WEBHOOK_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        summary: "MoonPay's signed transaction reports",
        tags: ['onramp'],
        body: webhookBody,
        response: webhookResponse,
      },
    },
    async (request) => {
      const key = options.webhookKey
      if (!key) throw refuse(404, 'ONRAMP_WEBHOOKS_OFF', 'No MoonPay webhook key is configured')
      const raw = request.onrampRawBody ?? ''
      const header = request.headers['moonpay-signature-v2']
      const parsed = parseSignatureHeader(typeof header === 'string' ? header : undefined)
      if (!parsed)
        throw refuse(400, 'ONRAMP_BAD_SIGNATURE', 'Moonpay-Signature-V2 is missing or malformed')
      if (!webhookSignatureMatches(parsed, raw, key))
        throw refuse(401, 'ONRAMP_BAD_SIGNATURE', 'The webhook signature does not match')
      await admitDelivery(app.db, 'moonpay', parsed.signature, parsed.timestamp, options.now())

      let body: Record<string, unknown>
      try {
        body = record(JSON.parse(raw))
      } catch {
        throw refuse(400, 'BAD_REQUEST', 'The webhook body is not JSON')
      }
      const data = record(body.data)
      const sessionId = text(data.externalTransactionId)
      const session = sessionId ? await findSession(app.db, sessionId) : undefined
      if (!session) throw refuse(404, 'ONRAMP_SESSION_NOT_FOUND', 'No such on-ramp session')
      const project = text(body.externalCustomerId) ?? text(data.externalCustomerId)
      const wallet = text(data.walletAddress)
      // A genuine signature on a report about someone else's session must not move this one.
      if (
        session.provider !== 'moonpay' ||
        project !== session.projectId ||
        (wallet !== undefined && wallet.toLowerCase() !== session.address.toLowerCase())
      )
        throw refuse(
          403,
          'ONRAMP_WEBHOOK_MISMATCH',
          "The report's project or wallet is not the session's",
        )
      const after = await applyStatus(app.db, session, transactionStatus(data), options.now())
      return {
        received: true as const,
        changed: after.status !== session.status,
        status: after.status as SessionStatus,
      }
    },
  )

  await app.register(coinbaseWebhookRoute, {
    secret: options.coinbaseSecret,
    now: options.now,
    rateLimit: WEBHOOK_LIMIT_PER_MINUTE,
  })
}
