import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authSessions } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../errors.js'
import { newToken, sha256 } from './secrets.js'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000

export interface Session {
  userId: string
  deviceHash: string
  projectId: string
  tokenHash: string
  createdAt: Date
}

export class UnauthenticatedError extends HttpError {
  override name = 'UnauthenticatedError'
  constructor() {
    super(401, 'UNAUTHENTICATED', 'Not signed in')
  }
}

export async function createSession(
  db: Db,
  input: { userId: string; deviceId: string; projectId: string },
  now: Date,
) {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    deviceHash: sha256(input.deviceId),
    projectId: input.projectId,
    expiresAt,
    createdAt: now,
  })
  return { token, expiresAt }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null
  return match?.[1]
}

/** The header the frame names its project with on every auth call. */
export const PROJECT_HEADER = 'latch-project-id'

/**
 * The live session of the request's bearer token, or 401. A session is bound to the project it
 * was created under: a token carried into a frame started for another project (another dapp's
 * allow-list) is refused, so one project's embedding pages never act on another's sessions.
 */
export async function requireSession(request: FastifyRequest, now = new Date()): Promise<Session> {
  const token = bearer(request)
  const project = request.headers[PROJECT_HEADER]
  if (!token || typeof project !== 'string') throw new UnauthenticatedError()
  const [row] = await request.server.db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.tokenHash, sha256(token)),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
    .limit(1)
  if (!row || row.projectId !== project) throw new UnauthenticatedError()
  return row
}

export async function revokeSession(db: Db, tokenHash: string, now: Date) {
  await db.update(authSessions).set({ revokedAt: now }).where(eq(authSessions.tokenHash, tokenHash))
}

/** Ends every live session of the user but the one that asked (after an email change). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepTokenHash: string,
  now: Date,
) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.userId, userId),
        ne(authSessions.tokenHash, keepTokenHash),
        isNull(authSessions.revokedAt),
      ),
    )
}
