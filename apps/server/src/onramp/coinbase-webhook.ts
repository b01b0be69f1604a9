import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { coinbaseEventStatus } from './coinbase.js'
import { hook0SignatureMatches, parseHook0Signature } from './coinbase-signature.js'
import { record, text } from './provider-fetch.js'
import { coinbaseWebhookBody, webhookResponse } from './schemas.js'
import { applyStatus, findSession } from './store.js'
import type { SessionStatus } from './types.js'
import { admitDelivery, refuse } from './webhook-guard.js'

export interface CoinbaseWebhookOptions {
  secret: string | undefined
  now: () => Date
  rateLimit: number
}

/**
 * `POST /v1/onramp/webhooks/coinbase`: Coinbase Onramp's transaction events from a CDP webhook
 * subscription. Checked in order: X-Hook0-Signature's v1 HMAC (time, the named headers and the
 * raw body), the timestamp's freshness, that this signed delivery was not taken before (replay),
 * and that the event's session (`partnerUserRef`, our session id) is a Coinbase one for the same
 * wallet. A duplicate or late event answers 200 and changes nothing. The raw body is kept by the
 * parent plugin's JSON parser (webhooks.ts).
 */
export const coinbaseWebhookRoute: FastifyPluginAsyncTypebox<CoinbaseWebhookOptions> = async (
  app,
  options,
) => {
  app.post(
    '/v1/onramp/webhooks/coinbase',
    {
      config: { rateLimit: { max: options.rateLimit, timeWindow: 60_000 } },
      schema: {
        summary: "Coinbase Onramp's signed transaction events (CDP webhooks)",
        tags: ['onramp'],
        body: coinbaseWebhookBody,
        response: webhookResponse,
      },
    },
    async (request) => {
      const secret = options.secret
      if (!secret)
        throw refuse(404, 'ONRAMP_WEBHOOKS_OFF', 'No Coinbase webhook secret is configured')
      const raw = request.onrampRawBody ?? ''
      const header = request.headers['x-hook0-signature']
      const parsed = parseHook0Signature(typeof header === 'string' ? header : undefined)
      if (!parsed)
        throw refuse(400, 'ONRAMP_BAD_SIGNATURE', 'X-Hook0-Signature is missing or malformed')
      if (!hook0SignatureMatches(parsed, request.headers, raw, secret))
        throw refuse(401, 'ONRAMP_BAD_SIGNATURE', 'The webhook signature does not match')
      await admitDelivery(app.db, 'coinbase', parsed.v1, parsed.timestamp, options.now())

      const event = record(JSON.parse(raw))
      const sessionId = text(event.partnerUserRef)
      const session = sessionId ? await findSession(app.db, sessionId) : undefined
      if (!session) throw refuse(404, 'ONRAMP_SESSION_NOT_FOUND', 'No such on-ramp session')
      const wallet = text(event.walletAddress)
      // A genuine signature on an event about another session's wallet must not move this one.
      if (
        session.provider !== 'coinbase' ||
        (wallet !== undefined && wallet.toLowerCase() !== session.address.toLowerCase())
      )
        throw refuse(
          403,
          'ONRAMP_WEBHOOK_MISMATCH',
          "The event's provider or wallet is not the session's",
        )
      const after = await applyStatus(app.db, session, coinbaseEventStatus(event), options.now())
      return {
        received: true as const,
        changed: after.status !== session.status,
        status: after.status as SessionStatus,
      }
    },
  )
}
