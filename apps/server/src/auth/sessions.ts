import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { type AuthUser, authSessions } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../http/errors.js'
import { isAuthOriginAllowed } from '../provider-services/allow-list.js'
import { findProject } from '../provider-services/projects.js'
import { newToken, sha256 } from './secrets.js'
import { wireAddresses } from './users.js'

/** Absolute lifetime: a session ends 30 days after its sign-in, used or not. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
/** Idle lifetime: a session nobody used for 7 days ends (docs/custody.md#sessions). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
/** `last_seen_at` is written at most this often, not on every request. */
const SEEN_RESOLUTION_MS = 60_000

export interface Session {
  userId: string
  deviceHash: string
  projectId: string
  pageOrigin: string | null
  tokenHash: string
  createdAt: Date
  lastSeenAt: Date | null
  socialProvider: string | null
  socialSubject: string | null
}

export class UnauthenticatedError extends HttpError {
  override name = 'UnauthenticatedError'
  constructor() {
    super(401, 'UNAUTHENTICATED', 'Not signed in')
  }
}

export async function createSession(
  db: Db,
  input: {
    userId: string
    deviceId: string
    projectId: string
    pageOrigin: string
    /** The social identity signed in with, so the session can name its provider and user name. */
    social?: { provider: string; subject: string } | undefined
  },
  now: Date,
) {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    deviceHash: sha256(input.deviceId),
    projectId: input.projectId,
    pageOrigin: input.pageOrigin,
    socialProvider: input.social?.provider ?? null,
    socialSubject: input.social?.subject ?? null,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
  })
  return { token, expiresAt }
}

/** What a sign-in answers (email code or social): the new session and its account. */
export function sessionAnswer(
  session: { token: string; expiresAt: Date },
  user: Pick<AuthUser, 'email' | 'addresses'>,
  social?: { provider: string; username: string | null },
) {
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: {
      email: user.email,
      ...wireAddresses(user.addresses),
      ...(social ? { socialProvider: social.provider, username: social.username } : {}),
    },
  }
}

/** The `Authorization: Bearer` token of the request, when it has a well-formed one. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null
  return match?.[1]
}

/** The header the frame names its project with on every auth call. */
export const PROJECT_HEADER = 'latch-project-id'

/** The header the frame names the page origin it verified (the embedding page) with. */
export const PAGE_ORIGIN_HEADER = 'latch-page-origin'

/**
 * The request's page origin when it is written exactly as a browser serialises an http(s)
 * origin and the project's allow-list admits it (never through `*` or a wildcard over a public
 * suffix: provider/allow-list.ts), else undefined. Exact form only, so the value
 * stored at sign-in and the one compared later are the same string for the same origin.
 */
export function allowedPageOrigin(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): string | undefined {
  const value = request.headers[PAGE_ORIGIN_HEADER]
  if (typeof value !== 'string' || value.length > 2048) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.origin !== value) return undefined
  return isAuthOriginAllowed(value, allowedOrigins) ? value : undefined
}

/**
 * The live session of the request's bearer token, or 401. A session is bound to the project and
 * the page origin it was created under: a token carried into a frame started for another
 * project (another dapp's allow-list), or embedded by another page of the same project, is
 * refused, so one page never acts on a session made on another. An origin since removed from
 * the project's allow-list ends its sessions too.
 */
export async function requireSession(request: FastifyRequest, now = new Date()): Promise<Session> {
  const token = bearer(request)
  const project = request.headers[PROJECT_HEADER]
  const origin = request.headers[PAGE_ORIGIN_HEADER]
  if (!token || typeof project !== 'string' || typeof origin !== 'string')
    throw new UnauthenticatedError()
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
  if (!row || row.projectId !== project || row.pageOrigin !== origin)
    throw new UnauthenticatedError()
  const lastSeen = (row.lastSeenAt ?? row.createdAt).getTime()
  if (now.getTime() - lastSeen > SESSION_IDLE_MS) throw new UnauthenticatedError()
  const current = await findProject(request.server.db, row.projectId)
  if (!current || allowedPageOrigin(request, current.allowedOrigins) !== row.pageOrigin)
    throw new UnauthenticatedError()
  if (now.getTime() - lastSeen > SEEN_RESOLUTION_MS)
    await request.server.db
      .update(authSessions)
      .set({ lastSeenAt: now })
      .where(eq(authSessions.tokenHash, row.tokenHash))
  return row
}

/** The account's live sessions, newest first; nothing in them can be used to act as one. */
export async function listSessions(db: Db, userId: string, now: Date) {
  const rows = await db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
  return rows
    .filter((row) => now.getTime() - (row.lastSeenAt ?? row.createdAt).getTime() <= SESSION_IDLE_MS)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/** Ends every live session of the user, the asking one included ("sign out everywhere"). */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ tokenHash: authSessions.tokenHash })
  return ended.length
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

/**
 * Swaps the session's token for a new one after a sensitive operation (an email change): a
 * copy of the old token taken before it, by whatever means, is worth nothing afterwards. The
 * new session keeps the sign-in time (and so the absolute lifetime) of the old one.
 */
export async function rotateSession(db: Db, session: Session, now: Date) {
  const token = newToken()
  const [old] = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(eq(authSessions.tokenHash, session.tokenHash))
    .returning()
  if (!old) throw new UnauthenticatedError()
  await db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId: old.userId,
    deviceHash: old.deviceHash,
    projectId: old.projectId,
    pageOrigin: old.pageOrigin,
    expiresAt: old.expiresAt,
    createdAt: old.createdAt,
    lastSeenAt: now,
  })
  return { token, expiresAt: old.expiresAt }
}
