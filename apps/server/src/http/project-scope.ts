import { isOriginAllowed } from '@latch/core/wire'
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify'
import { findProjectCached, type ProjectView } from '../provider-services/projects.js'
import { HttpError } from './errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by @fastify/cors: false turns it off for the route, an object overrides options. */
    cors?: false | { origin: string }
  }
  interface FastifyRequest {
    /** Set by the provider services' project scope once the project id resolved. */
    latchProject?: ProjectView
  }
}

export const INVALID_PROJECT_ID = 'INVALID_PROJECT_ID'
export const ORIGIN_NOT_ALLOWED = 'ORIGIN_NOT_ALLOWED'

export class InvalidProjectIdError extends HttpError {
  override name = 'InvalidProjectIdError'
  constructor() {
    super(403, INVALID_PROJECT_ID, 'Invalid project id')
  }
}

export class OriginNotAllowedError extends HttpError {
  override name = 'OriginNotAllowedError'
  constructor(origin: string) {
    super(403, ORIGIN_NOT_ALLOWED, `Origin ${origin} is not allowed for this project`)
  }
}

/** Route config for project-scoped routes: the app-wide CORS plugin steps aside for them. */
export const projectScopedConfig = { cors: false } as const

/** Public routes (images): any page may load them. */
export const publicConfig = { cors: { origin: '*' } } as const

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  return typeof origin === 'string' && origin.length > 0 ? origin : undefined
}

/** Only a well-formed origin is echoed; anything else could not be a header value anyway. */
function isEchoable(origin: string): boolean {
  try {
    return new URL(origin).origin === origin
  } catch {
    return false
  }
}

function exposeTo(reply: FastifyReply, origin: string): void {
  if (!isEchoable(origin)) return
  reply.header('access-control-allow-origin', origin)
  reply.header('vary', 'Origin')
}

/**
 * Lets the calling page read the answer, errors included: a browser client must be able to
 * tell "invalid project id" and "origin not allowed" apart. Data never reaches a disallowed
 * origin because the preHandler below refuses the request first.
 */
export const exposeErrors: onRequestHookHandler = async (request, reply) => {
  const origin = originOf(request)
  if (origin) exposeTo(reply, origin)
}

async function resolveProject(request: FastifyRequest): Promise<ProjectView> {
  const { projectId } = request.query as { projectId?: string }
  // Cached for a few seconds (project-cache.ts): a change made on another server applies here
  // within PROJECT_CACHE_TTL_MS.
  const project = projectId ? await findProjectCached(request.server.db, projectId) : undefined
  if (!project) throw new InvalidProjectIdError()
  request.latchProject = project
  return project
}

/** Resolves `?projectId=` and checks the request's Origin against the project's allow-list. */
export const requireProject: preHandlerHookHandler = async (request) => {
  const project = await resolveProject(request)
  const origin = originOf(request)
  // Requests without an Origin (servers, curl) are not subject to CORS.
  if (origin && !isOriginAllowed(origin, project.allowedOrigins))
    throw new OriginNotAllowedError(origin)
}

/** Resolves the project but lets any origin read: the allow-list route tells pages the list. */
export const requireProjectAnyOrigin: preHandlerHookHandler = async (request) => {
  await resolveProject(request)
}

/** The preflight answer for a project-scoped route that takes a JSON body. */
export async function answerPreflight(
  request: FastifyRequest,
  reply: FastifyReply,
  methods: string,
  headers = 'content-type',
): Promise<void> {
  const project = await resolveProject(request).catch(() => undefined)
  const origin = originOf(request)
  if (!project || !origin || !isOriginAllowed(origin, project.allowedOrigins)) {
    reply.removeHeader('access-control-allow-origin')
    reply.status(403).send()
    return
  }
  exposeTo(reply, origin)
  reply.header('access-control-allow-methods', methods)
  reply.header('access-control-allow-headers', headers)
  reply.header('access-control-max-age', '600')
  reply.status(204).send()
}

export function projectOf(request: FastifyRequest): ProjectView {
  if (!request.latchProject) throw new Error('project scope hook did not run')
  return request.latchProject
}
