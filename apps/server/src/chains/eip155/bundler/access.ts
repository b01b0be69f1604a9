import { isOriginAllowed } from '@latch/core/wire'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PROJECT_SECRET_HEADER } from '../../../auth/rpc-proxy.js'
import { HttpError } from '../../../http/errors.js'
import { findProject, projectSecretMatches } from '../../../provider-services/projects.js'

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
const CHAIN_ID = /^(?:eip155:)?([1-9][0-9]{0,15})$/

/** projectId and chainId of a bundler or paymaster query, or undefined when either is malformed. */
export function projectAndChain(query: { projectId?: string; chainId?: string }) {
  const chain = CHAIN_ID.exec(query.chainId ?? '')
  if (!chain || !query.projectId || !PROJECT_ID.test(query.projectId)) return undefined
  return { projectId: query.projectId, chainId: Number(chain[1]) }
}

/**
 * Who may call the bundler and paymaster routes, as on the RPC proxy: the project's pages (its
 * allowed origins) and the secure frame, or a server holding the project's secret. An Origin only
 * keeps other sites' pages out; the budgets are what bound a script.
 */
export async function checkProjectCaller(
  app: FastifyInstance,
  frameOrigins: readonly string[],
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
): Promise<void> {
  const project = await findProject(app.db, projectId)
  if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
  const origin = request.headers.origin
  if (typeof origin !== 'string') {
    // A server: without the secret this would be an open relay to the bundler, or free gas.
    const secret = request.headers[PROJECT_SECRET_HEADER]
    if (typeof secret !== 'string' || !(await projectSecretMatches(app.db, projectId, secret)))
      throw new HttpError(
        401,
        'PROJECT_SECRET_REQUIRED',
        `Calls without a browser Origin need the project's secret in ${PROJECT_SECRET_HEADER}`,
      )
    return
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
