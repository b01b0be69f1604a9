import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { EventBody, TrackProps } from '@latch/core/wire'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { errorResponses, HttpError } from '../../http/errors.js'
import { projectErrorResponses, projectQuerySchema } from '../../http/project-query.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../../http/project-scope.js'
import { type AnalyticsRouteOptions, spendRateLimit } from '../../http/rate-limit.js'
import { EventRejectedError, storeAnalyticsEvent } from '../events.js'
import { eventBodySchema, readTextPlainAsJson } from './events.js'

/** sendBeacon caps a body at 64 KiB; the reference flushes well before that. */
export const MAX_BATCH_EVENTS = 100

type TrackEvent = EventBody & { props: TrackProps & { items?: unknown[] } }

/**
 * The reference's aggregated impressions carry `props.items` instead of properties; they are
 * kept as properties so that nothing the client sent is dropped.
 */
function asTrackEvent(event: TrackEvent): EventBody & { props: TrackProps } {
  const { items, ...props } = event.props
  if (items === undefined || props.properties !== undefined) return { ...event, props }
  return { ...event, props: { ...props, properties: { items } } }
}

/**
 * `POST /batch`: the analytics host's batch endpoint. AppKit flushes its pending track events
 * here with `navigator.sendBeacon` (a text/plain JSON array). Each event is checked and stored
 * like a `POST /e` track event; one malformed event does not cost the others.
 */
const batchRoutesPlugin: FastifyPluginAsyncTypebox<AnalyticsRouteOptions> = async (
  app,
  { analyticsLimiter },
) => {
  readTextPlainAsJson(app)

  app.options(
    '/batch',
    { config: projectScopedConfig, schema: { hide: true, querystring: projectQuerySchema } },
    (request, reply) => answerPreflight(request, reply, 'POST'),
  )

  app.post(
    '/batch',
    {
      bodyLimit: 256 * 1024,
      config: projectScopedConfig,
      onRequest: exposeErrors,
      // Before validation: the app's schema coercion would wrap a lone object into an array.
      preValidation: async (request) => {
        if (!Array.isArray(request.body))
          throw new HttpError(
            400,
            'VALIDATION_ERROR',
            'Invalid request: body must be a JSON array of events',
          )
      },
      preHandler: requireProject,
      schema: {
        summary: 'A batch of analytics events (the reference client sends these by sendBeacon)',
        tags: ['provider'],
        querystring: projectQuerySchema,
        body: Type.Array(Type.Unknown(), { maxItems: MAX_BATCH_EVENTS }),
        response: {
          202: Type.Object({
            stored: Type.Integer({ description: 'Events stored now' }),
            duplicates: Type.Integer({ description: 'Events already stored (same eventId)' }),
            rejected: Type.Integer({ description: 'Malformed events, or not track events' }),
            analyticsEnabled: Type.Boolean(),
          }),
          ...projectErrorResponses,
          ...errorResponses({ 413: `More than ${MAX_BATCH_EVENTS} events or 256 KiB` }),
        },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      await spendRateLimit(analyticsLimiter, request, request.body.length)
      const sdk = {
        sdkType: request.query.st || 'unknown',
        sdkVersion: request.query.sv || 'unknown',
      }
      const counts = { stored: 0, duplicates: 0, rejected: 0 }
      for (const event of request.body) {
        if (!Value.Check(eventBodySchema, event) || event.props.type !== 'track') {
          counts.rejected++
          continue
        }
        try {
          const outcome = await storeAnalyticsEvent(
            request.server.db,
            project,
            sdk,
            asTrackEvent(event as TrackEvent),
          )
          if (outcome === 'stored') counts.stored++
          else if (outcome === 'duplicate') counts.duplicates++
        } catch (error) {
          if (!(error instanceof EventRejectedError)) throw error
          counts.rejected++
        }
      }
      reply.status(202)
      return { ...counts, analyticsEnabled: project.analyticsEnabled }
    },
  )
}

export const batchRoutes = fp(batchRoutesPlugin, {
  name: 'latch-provider-batch',
  encapsulate: true,
})
