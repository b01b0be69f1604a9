import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { authCodes, authDevices, authUsers } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../errors.js'
import type { CodePurpose } from './mailer.js'
import { hashCode, randomInt, sameHash } from './secrets.js'

/** docs/behaviour.md#limits and issue 7. */
export const CODE_TTL_MS = 10 * 60_000
export const SEND_INTERVAL_MS = 30_000
export const MAX_CODE_ATTEMPTS = 5

export class ThrottledError extends HttpError {
  override name = 'ThrottledError'
  constructor(readonly retryAfter: number) {
    super(429, 'EMAIL_THROTTLED', `Please try again after ${retryAfter} seconds`)
  }
}

export class InvalidCodeError extends HttpError {
  override name = 'InvalidCodeError'
  constructor(message = 'Invalid code') {
    super(400, 'INVALID_CODE', message)
  }
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * Seconds until this email may be sent another message, or 0. Counts every mail the server sent
 * to the address: codes of any purpose and device approval links.
 */
export async function secondsUntilNextSend(db: Db, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SEND_INTERVAL_MS)
  const [code] = await db
    .select({ at: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), gt(authCodes.createdAt, since)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
  const [device] = await db
    .select({ at: authDevices.approvalSentAt })
    .from(authDevices)
    .innerJoin(authUsers, eq(authUsers.id, authDevices.userId))
    .where(and(eq(authUsers.email, email), gt(authDevices.approvalSentAt, since)))
    .orderBy(desc(authDevices.approvalSentAt))
    .limit(1)
  const last = Math.max(code?.at.getTime() ?? 0, device?.at?.getTime() ?? 0)
  if (last === 0) return 0
  return Math.max(0, Math.ceil((last + SEND_INTERVAL_MS - now.getTime()) / 1000))
}

export async function assertMaySend(db: Db, email: string, now: Date): Promise<void> {
  const wait = await secondsUntilNextSend(db, email, now)
  if (wait > 0) throw new ThrottledError(wait)
}

export interface IssueCodeInput {
  email: string
  purpose: CodePurpose
  userId?: string | undefined
  newEmail?: string | undefined
}

/** Stores the HMAC of a fresh code (voiding older ones of the same purpose) and returns the code. */
export async function issueCode(db: Db, key: Buffer, input: IssueCodeInput, now: Date) {
  const code = newCode()
  await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authCodes.email, input.email),
        eq(authCodes.purpose, input.purpose),
        isNull(authCodes.consumedAt),
      ),
    )
  await db.insert(authCodes).values({
    email: input.email,
    purpose: input.purpose,
    codeHash: hashCode(key, input.purpose, input.email, code),
    userId: input.userId ?? null,
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  })
  return code
}

/**
 * Checks a code against the live one for (email, purpose). A wrong guess is counted atomically;
 * the fifth voids the code. Returns the consumed row on success.
 */
export async function consumeCode(
  db: Db,
  key: Buffer,
  input: { email: string; purpose: CodePurpose; code: string },
  now: Date,
) {
  const [live] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.email, input.email),
        eq(authCodes.purpose, input.purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, now),
        lt(authCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
  if (!live) throw new InvalidCodeError('Invalid or expired code; request a new one')
  if (sameHash(live.codeHash, hashCode(key, input.purpose, input.email, input.code))) {
    const [consumed] = await db
      .update(authCodes)
      .set({ consumedAt: now })
      .where(and(eq(authCodes.id, live.id), isNull(authCodes.consumedAt)))
      .returning()
    if (!consumed) throw new InvalidCodeError('Invalid or expired code; request a new one')
    return consumed
  }
  const [counted] = await db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + 1`,
      consumedAt: sql`case when ${authCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(authCodes.id, live.id), isNull(authCodes.consumedAt)))
    .returning({ attempts: authCodes.attempts })
  const left = MAX_CODE_ATTEMPTS - (counted?.attempts ?? MAX_CODE_ATTEMPTS)
  throw new InvalidCodeError(
    left > 0
      ? `Invalid code; ${left} attempt${left === 1 ? '' : 's'} left`
      : 'Too many wrong codes; request a new one',
  )
}
