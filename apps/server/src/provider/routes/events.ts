import type { ErrorProps, EventBody, TrackProps } from '@latch/core/wire'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { errorResponseSchema, HttpError } from '../../errors.js'
import { EventRejectedError, storeAnalyticsEvent, storeErrorReport } from '../events.js'
import { ERROR_REPORT_LIMIT, ERROR_REPORT_WINDOW_MS, rateLimitKey } from '../rate-limit.js'
import { projectErrorResponses, projectQuerySchema, type SdkQuery, safeString } from '../schemas.js'
import {
  answerPreflight,
  exposeErrors,
  projectOf,
  projectScopedConfig,
  requireProject,
} from '../scope.js'

const EVENT_NAME = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }

const errorProps = {
  type: 'object',
  required: ['type', 'event', 'errorType', 'errorMessage'],
  properties: {
    type: { type: 'string', const: 'error' },
    event: EVENT_NAME,
    errorType: safeString(128, 1),
    errorMessage: safeString(2_000),
    stackTrace: safeString(16_000),
  },
} as const

const trackProps = {
  type: 'object',
  required: ['type', 'event'],
  properties: {
    type: { type: 'string', const: 'track' },
    event: EVENT_NAME,
    address: safeString(128),
    properties: { type: 'object', maxProperties: 64 },
  },
} as const

const bodySchema = {
  type: 'object',
  required: ['eventId', 'url', 'domain', 'timestamp', 'props'],
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    url: safeString(2_048),
    domain: safeString(253),
    timestamp: {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
        { type: 'string', format: 'date-time', maxLength: 40 },
      ],
    },
    props: { oneOf: [errorProps, trackProps] },
  },
} as const

const isErrorReport = (body: EventBody): body is EventBody & { props: ErrorProps } =>
  body.props.type === 'error'

/**
 * `POST /e`: error reports (`props.type = 'error'`, at most 5 per 60 s per client) and
 * analytics events (`props.type = 'track'`, stored only when the project enables analytics).
 */
export const eventRoutes: FastifyPluginAsync = async (app) => {
  // `navigator.sendBeacon` and preflight-free fetches send JSON as text/plain; read it as JSON.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new HttpError(400, 'VALIDATION_ERROR', 'Invalid request: body is not JSON'), undefined)
    }
  })

  app.options(
    '/e',
    { config: projectScopedConfig, schema: { hide: true, querystring: projectQuerySchema } },
    (request, reply) => answerPreflight(request, reply, 'POST'),
  )

  app.post<{ Querystring: SdkQuery; Body: EventBody }>(
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
        body: bodySchema,
        response: {
          202: {
            type: 'object',
            required: ['stored'],
            properties: {
              stored: { type: 'boolean' },
              reason: { type: 'string', enum: ['duplicate', 'analytics-disabled'] },
            },
          },
          ...projectErrorResponses,
          429: { description: 'More than 5 error reports in 60 s', ...errorResponseSchema },
        },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const sdk = {
        sdkType: request.query.st || 'unknown',
        sdkVersion: request.query.sv || 'unknown',
      }
      const body = request.body
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
