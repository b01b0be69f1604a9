import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { generateSiweNonce } from 'viem/siwe'
import { newToken, sha256 } from '../auth/secrets.js'
import { siwxNonces, siwxSessions } from '../db/schema/siwx.js'
import type { Db } from '../db/types.js'

/** A nonce lives 5 minutes: long enough to read and sign, short enough to be worthless later. */
export const NONCE_TTL_MS = 5 * 60_000
/** Without an expiration in the message, a session lasts 7 days; with one, at most 30. */
export const DEFAULT_SESSION_MS = 7 * 24 * 60 * 60_000
export const MAX_SESSION_MS = 30 * 24 * 60 * 60_000

export async function issueNonce(db: Db, projectId: string, now: Date) {
  const nonce = generateSiweNonce()
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS)
  await db.insert(siwxNonces).values({ nonce, projectId, expiresAt, createdAt: now })
  return { nonce, expiresAt }
}

/**
 * Marks the nonce used if it was issued for this project, is unexpired and unused — in one
 * statement, so two requests with the same nonce cannot both pass.
 */
export async function consumeNonce(db: Db, projectId: string, nonce: string, now: Date) {
  const used = await db
    .update(siwxNonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(siwxNonces.nonce, nonce),
        eq(siwxNonces.projectId, projectId),
        isNull(siwxNonces.usedAt),
        gt(siwxNonces.expiresAt, now),
      ),
    )
    .returning({ nonce: siwxNonces.nonce })
  return used.length === 1
}

export interface NewSiwxSession {
  projectId: string
  /** As its namespace's verifier answered it: the form sessions are compared in. */
  address: string
  chainId: string
  domain: string
  uri: string
  message: string
  signature: string
  issuedAt: Date
  expirationTime: Date | undefined
}

export async function createSiwxSession(db: Db, input: NewSiwxSession, now: Date) {
  const token = newToken()
  const cap = now.getTime() + MAX_SESSION_MS
  const expiresAt = new Date(
    Math.min(input.expirationTime?.getTime() ?? now.getTime() + DEFAULT_SESSION_MS, cap),
  )
  const [row] = await db
    .insert(siwxSessions)
    .values({
      tokenHash: sha256(token),
      projectId: input.projectId,
      address: input.address,
      chainId: input.chainId,
      domain: input.domain,
      uri: input.uri,
      message: input.message,
      signature: input.signature,
      issuedAt: input.issuedAt,
      expiresAt,
      createdAt: now,
    })
    .returning()
  if (!row) throw new Error('session insert returned nothing')
  return { token, session: row }
}

const live = (now: Date) => and(isNull(siwxSessions.revokedAt), gt(siwxSessions.expiresAt, now))

/** The live session a bearer token stands for, in this project. */
export async function findSiwxSession(db: Db, projectId: string, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(siwxSessions)
    .where(
      and(
        eq(siwxSessions.tokenHash, sha256(token)),
        eq(siwxSessions.projectId, projectId),
        live(now),
      ),
    )
  return row
}

/** `address` as stored (a session row's own). */
export async function listSiwxSessions(db: Db, projectId: string, address: string, now: Date) {
  return db
    .select()
    .from(siwxSessions)
    .where(and(eq(siwxSessions.projectId, projectId), eq(siwxSessions.address, address), live(now)))
    .orderBy(desc(siwxSessions.createdAt))
}

/**
 * Revokes one of the account's sessions (`scope.address` as stored); false when it is not one
 * of theirs or not live.
 */
export async function revokeSiwxSession(
  db: Db,
  scope: { projectId: string; address: string },
  id: string,
  now: Date,
) {
  const revoked = await db
    .update(siwxSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(siwxSessions.id, id),
        eq(siwxSessions.projectId, scope.projectId),
        eq(siwxSessions.address, scope.address),
        live(now),
      ),
    )
    .returning({ id: siwxSessions.id })
  return revoked.length === 1
}
