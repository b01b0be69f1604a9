import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findProjectCached, projectSecretMatches } from '../provider-services/projects.js'
import { HttpError } from './errors.js'

/** The header a server (no browser Origin) proves it is the project's with. */
export const PROJECT_SECRET_HEADER = 'latch-project-secret'

/** A caller without a browser Origin must be a server holding the project's secret. */
export async function requireProjectSecret(
  app: FastifyInstance,
  request: FastifyRequest,
  projectId: string,
): Promise<void> {
  const secret = request.headers[PROJECT_SECRET_HEADER]
  if (typeof secret !== 'string' || !(await projectSecretMatches(app.db, projectId, secret)))
    throw new HttpError(
      401,
      'PROJECT_SECRET_REQUIRED',
      `Calls without a browser Origin need the project's secret in ${PROJECT_SECRET_HEADER}`,
    )
}

/**
 * Who may call a project's relaying routes (the JSON-RPC proxy, the bundler, the paymaster; the Esplora pass-through checks only the secret, its origins being the project scope's): the
 * project's pages (its allowed origins) and the secure frame, or a server holding the project's
 * secret. An Origin is no proof of a browser: any client can write one, and the allow-list is
 * public (/projects/v1/origins). It only keeps other sites' pages out; the routes' budgets are what
 * bound a script (docs/provider-services.md#rpc-proxy). A caller allowed by Origin gets the CORS
 * headers for it.
 */
export async function checkProjectCaller(
  app: FastifyInstance,
  frameOrigins: readonly string[],
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
): Promise<void> {
  // Cached for a few seconds (project-cache.ts); the secret below is checked on every call.
  const project = await findProjectCached(app.db, projectId)
  if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
  const origin = request.headers.origin
  if (typeof origin !== 'string') {
    // Not a browser: a server, which must hold the project's secret, or the route would be an
    // open relay (to RPC upstreams, to the bundler) or free gas (the paymaster).
    return requireProjectSecret(app, request, projectId)
  }
  if (!frameOrigins.includes(origin) && !isOriginAllowed(origin, project.allowedOrigins))
    throw new HttpError(
      403,
      'ORIGIN_NOT_ALLOWED',
      `Origin ${origin} is not allowed for this project`,
    )
  reply.header('access-control-allow-origin', origin)
  reply.header('vary', 'Origin')
}

/**
 * The CORS preflight of a project's relaying route: 204 with the methods it serves for a caller
 * `admit` lets through (it throws otherwise, or for a malformed query), a bare 403 for anyone else.
 */
export async function answerPreflight(
  reply: FastifyReply,
  methods: string,
  admit: () => Promise<void>,
): Promise<FastifyReply> {
  try {
    await admit()
  } catch {
    return reply.status(403).send()
  }
  reply.header('access-control-allow-methods', methods)
  reply.header('access-control-allow-headers', 'content-type')
  reply.header('access-control-max-age', '600')
  return reply.status(204).send()
}
