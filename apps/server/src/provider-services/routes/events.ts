import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { ErrorProps, EventBody, TrackProps } from '@latch/core/wire'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { errorResponses, HttpError } from '../../http/errors.js'
import { projectErrorResponses, projectQuerySchema, safeString } from '../../http/project-query.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../../http/project-scope.js'
import {
  type AnalyticsRouteOptions,
  ERROR_REPORT_LIMIT,
  ERROR_REPORT_WINDOW_MS,
  rateLimitKey,
  spendRateLimit,
} from '../../http/rate-limit.js'
import { EventRejectedError, storeAnalyticsEvent, storeErrorReport } from '../events.js'

const EVENT_NAME = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' })

const errorProps = Type.Object({
  type: Type.Literal('error'),
  event: EVENT_NAME,
  errorType: safeString(128, 1),
  errorMessage: safeString(2_000),
  stackTrace: Type.Optional(safeString(16_000)),
})

const trackProps = Type.Object({
  type: Type.Literal('track'),
  event: EVENT_NAME,
  address: Type.Optional(safeString(128)),
  properties: Type.Optional(Type.Object({}, { maxProperties: 64 })),
})

export const eventBodySchema = Type.Object({
  eventId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  url: safeString(2_048),
  domain: safeString(253),
  timestamp: Type.Union([
    Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
    Type.String({ format: 'date-time', maxLength: 40 }),
  ]),
  // `type` tells the two apart, so exactly one matches whenever one does.
  props: Type.Union([errorProps, trackProps]),
})

/** `navigator.sendBeacon` and preflight-free fetches send JSON as text/plain; read it as JSON. */
export function readTextPlainAsJson(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new HttpError(400, 'VALIDATION_ERROR', 'Invalid request: body is not JSON'), undefined)
    }
  })
}

const isErrorReport = (body: EventBody): body is EventBody & { props: ErrorProps } =>
  body.props.type === 'error'

/**
 * `POST /e`: error reports (`props.type = 'error'`, at most 5 per 60 s per client) and
 * analytics events (`props.type = 'track'`, stored only when the project enables analytics).
 */
const eventRoutesPlugin: FastifyPluginAsyncTypebox<AnalyticsRouteOptions> = async (
  app,
  { analyticsLimiter },
) => {
  readTextPlainAsJson(app)

  app.options(
    '/e',
    { config: projectScopedConfig, schema: { hide: true, querystring: projectQuerySchema } },
    (request, reply) => answerPreflight(request, reply, 'POST'),
  )

  app.post(
    '/e',
    {
      bodyLimit: 64 * 1024,
      config: {
        ...projectScopedConfig,
        rateLimit: {
          max: ERROR_REPORT_LIMIT,
          timeWindow: ERROR_REPORT_WINDOW_MS,
          // After the body is parsed and the project resolved: only error reports count.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => rateLimitKey(request),
          allowList: (request: FastifyRequest) =>
            (request.body as EventBody).props.type !== 'error',
        },
      },
      onRequest: exposeErrors,
      preHandler: requireProject,
      schema: {
        summary: 'Error report or analytics event',
        tags: ['provider'],
        querystring: projectQuerySchema,
        body: eventBodySchema,
        response: {
          202: Type.Object({
            stored: Type.Boolean(),
            reason: Type.Optional(Type.Enum(['duplicate', 'analytics-disabled'])),
          }),
          ...projectErrorResponses,
          ...errorResponses({
            429: 'More than 5 error reports in 60 s, or analytics events over the per-minute budget',
          }),
        },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const sdk = {
        sdkType: request.query.st || 'unknown',
        sdkVersion: request.query.sv || 'unknown',
      }
      const body = request.body as EventBody
      if (!isErrorReport(body)) await spendRateLimit(analyticsLimiter, request, 1)
      let outcome: Awaited<ReturnType<typeof storeErrorReport>>
      try {
        outcome = isErrorReport(body)
          ? await storeErrorReport(request.server.db, project, sdk, body)
          : await storeAnalyticsEvent(request.server.db, project, sdk, {
              ...body,
              props: body.props as TrackProps,
            })
      } catch (error) {
        if (error instanceof EventRejectedError)
          throw new HttpError(400, 'VALIDATION_ERROR', `Invalid request: ${error.message}`)
        throw error
      }
      reply.status(202)
      return outcome === 'stored' ? { stored: true } : { stored: false, reason: outcome }
    },
  )
}

export const eventRoutes = fp(eventRoutesPlugin, {
  name: 'latch-provider-events',
  encapsulate: true,
})
