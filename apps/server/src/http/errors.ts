import type { ErrorBody } from '@latch/core/wire'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'

/** Thrown by routes for an expected failure; becomes `{ error: { code, message, requestId } }`. */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly statusCode: number
  readonly code: string
  constructor(statusCode: number, code: string, message: string) {
    super(message)
    this.statusCode = statusCode
    this.code = code
  }
}

export type { ErrorBody }

/** Schema of the error body, for routes' `response` maps. */
export const errorResponseSchema = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    requestId: Type.Optional(
      Type.String({ description: 'The x-request-id of this answer, as written in the log' }),
    ),
  }),
})

/** A route's error answers: status → when it happens (the OpenAPI description). */
export function errorResponses<const statuses extends number>(
  descriptions: Record<statuses, string>,
) {
  const entries = Object.entries(descriptions).map(([status, description]) => [
    status,
    { ...errorResponseSchema, description },
  ])
  return Object.fromEntries(entries) as Record<statuses, typeof errorResponseSchema>
}

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMITED',
}

/** `requestId` (the answer's x-request-id) lets a user's report be matched with the log line. */
export function errorBody(
  code: string,
  message: string,
  requestId?: string,
): ErrorBody & { error: { requestId?: string } } {
  return { error: requestId === undefined ? { code, message } : { code, message, requestId } }
}

/** One error shape for every route; 5xx details go to the log, never to the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      // An HttpError's code and message are ours, written for clients; anything else may leak.
      return error instanceof HttpError
        ? reply.status(status).send(errorBody(error.code, error.message, request.id))
        : reply
            .status(status)
            .send(errorBody('INTERNAL_ERROR', 'Internal server error', request.id))
    }
    if ('validation' in error && error.validation) {
      return reply
        .status(400)
        .send(errorBody('VALIDATION_ERROR', `Invalid request: ${error.message}`, request.id))
    }
    const code = error instanceof HttpError ? error.code : (codeByStatus[status] ?? 'BAD_REQUEST')
    return reply.status(status).send(errorBody(code, error.message, request.id))
  })
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url}`, request.id))
  })
}

/** The error answers as a plugin, not encapsulated: the handlers must be the whole app's. */
export const errorAnswers = fp(async (app) => installErrorHandling(app), {
  name: 'latch-error-answers',
})
