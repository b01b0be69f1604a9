import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../errors.js'
import { findProject, type ProjectView } from '../provider/projects.js'
import type { Mailer } from './mailer.js'
import type { CustodyKeys } from './secrets.js'

/** What the auth routes share: the custody keys, the code HMAC key and the mailer. */
export interface AuthContext {
  keys: CustodyKeys
  codeKey: Buffer
  mailer: Mailer
  /** Base URL for links in mail (the device approval page). */
  publicUrl: string
  now(): Date
}

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email()
  .transform((email) => email.toLowerCase())
export const otpSchema = z.string().regex(/^\d{6}$/)
/** A random id the frame keeps in its own storage; 22+ url-safe characters. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/)
export const projectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

export class BadRequestError extends HttpError {
  override name = 'BadRequestError'
  constructor(message: string) {
    super(400, 'VALIDATION_ERROR', message)
  }
}

/** Parses a body with zod; the first issue becomes a 400 (never echoing the value). */
export function parseBody<schema extends z.ZodType>(
  schema: schema,
  body: unknown,
): z.output<schema> {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new BadRequestError(
      `Invalid request: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
    )
  }
  return result.data
}

export async function requireKnownProject(
  request: FastifyRequest,
  projectId: string,
): Promise<ProjectView> {
  const project = await findProject(request.server.db, projectId)
  if (!project) throw new HttpError(403, 'INVALID_PROJECT_ID', 'Invalid project id')
  return project
}
