import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../errors.js'
import { requireKnownProject } from '../context.js'
import { sha256 } from '../secrets.js'
import { allowedPageOrigin } from '../sessions.js'
import { findFlowByToken, type SocialFlow } from '../social/store.js'

export const signInInvalid = () =>
  new HttpError(400, 'SOCIAL_SIGN_IN_INVALID', 'This sign-in did not complete; start again')

/**
 * The live flow of the frame's flow token (social or Farcaster), only for the project and page
 * origin it was started for; anything else is one and the same refusal, telling an attacker
 * nothing about which part was wrong.
 */
export async function findFrameFlow(
  request: FastifyRequest,
  projectId: string,
  flowToken: string,
  now: Date,
): Promise<SocialFlow> {
  const project = await requireKnownProject(request, projectId)
  const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
  const flow = await findFlowByToken(request.server.db, sha256(flowToken), now)
  if (!flow || flow.projectId !== projectId || flow.pageOrigin !== pageOrigin) throw signInInvalid()
  return flow
}
