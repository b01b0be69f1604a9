import type { FastifyRequest } from 'fastify'
import { HttpError } from '../http/errors.js'
import { findProject, type ProjectView } from '../provider-services/projects.js'
import type { Mailer } from './mailer.js'
import type { CustodyKeys } from './secrets.js'

/** What the auth routes share: the custody keys, the code HMAC key and the mailer. */
/** What every auth route plugin is registered with (auth/plugin.ts). */
export interface AuthRouteOptions {
  ctx: AuthContext
}

export interface AuthContext {
  keys: CustodyKeys
  codeKey: Buffer
  mailer: Mailer
  /** Base URL for links in mail (the device approval page). */
  publicUrl: string
  /** The least time between two mails to one address (LATCH_AUTH_MAIL_INTERVAL_SECONDS). */
  mailIntervalMs: number
  now(): Date
}

export async function requireKnownProject(
  request: FastifyRequest,
  projectId: string,
): Promise<ProjectView> {
  const project = await findProject(request.server.db, projectId)
  if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
  return project
}
