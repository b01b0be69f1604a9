import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { requireKnownProject } from '../context.js'
import { sha256 } from '../secrets.js'
import { allowedPageOrigin } from '../sessions.js'
import { type FlowKind, findFlowByToken, type SocialFlow } from '../social/store.js'

export const signInInvalid = () =>
  new HttpError(400, 'SOCIAL_SIGN_IN_INVALID', 'This sign-in did not complete; start again')

/**
 * The live flow of the frame's flow token, only of the route's own kind (an OAuth finish never
 * takes a Farcaster flow, nor the reverse), only for the project and page origin it was started
 * for, and only on the device that started it; anything else is one and the same refusal,
 * telling an attacker nothing about which part was wrong.
 */
export async function findFrameFlow(
  request: FastifyRequest,
  kind: FlowKind,
  frame: { projectId: string; flowToken: string; deviceId: string },
  now: Date,
): Promise<SocialFlow> {
  const { projectId, flowToken, deviceId } = frame
  const project = await requireKnownProject(request, projectId)
  const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
  const flow = await findFlowByToken(request.server.db, kind, sha256(flowToken), now)
  if (
    !flow ||
    flow.projectId !== projectId ||
    flow.pageOrigin !== pageOrigin ||
    flow.deviceHash !== sha256(deviceId)
  )
    throw signInInvalid()
  return flow
}
