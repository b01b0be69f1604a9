import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { authCodes, authDevices, authEmailLocks, authUsers } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../http/errors.js'
import { DEFAULT_MAIL_INTERVAL_MS } from './config.js'
import type { CodePurpose } from './mailer.js'
import { hashCode, randomInt, sameHash } from './secrets.js'

/** docs/behaviour.md#limits and issue 7. */
export const CODE_TTL_MS = 10 * 60_000
export const SEND_INTERVAL_MS = DEFAULT_MAIL_INTERVAL_MS
export const MAX_CODE_ATTEMPTS = 5
/**
 * The per-address budget across codes (docs/custody.md#sign-in-codes): 10 wrong codes within an
 * hour lock the address for an hour, doubling with each lock within a day. Without it, a new code
 * every 30 s would give an attacker 10 guesses a minute for ever.
 */
export const CODE_GUESS_BUDGET = 10
export const CODE_GUESS_WINDOW_MS = 60 * 60_000
export const FIRST_LOCK_MS = 60 * 60_000
const LOCK_MEMORY_MS = 24 * 60 * 60_000

export class EmailLockedError extends HttpError {
  override name = 'EmailLockedError'
  constructor(readonly retryAfter: number) {
    super(
      429,
      'EMAIL_LOCKED',
      `Too many wrong codes for this address; try again in ${Math.ceil(retryAfter / 60)} minutes`,
    )
  }
}

/** Refuses while the address is locked for wrong codes. */
export async function assertNotLocked(db: Db, email: string, now: Date): Promise<void> {
  const [lock] = await db
    .select()
    .from(authEmailLocks)
    .where(and(eq(authEmailLocks.email, email), gt(authEmailLocks.lockedUntil, now)))
    .limit(1)
  if (lock)
    throw new EmailLockedError(Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 1000))
}

/**
 * Counts the address's wrong codes of the last hour (since its last lock ended) and locks it when
 * they reach the budget. Resolves with the lock's length in minutes when this call locked it, so
 * the caller tells the owner once.
 */
async function lockIfOverBudget(db: Db, email: string, now: Date): Promise<number | undefined> {
  const [previous] = await db
    .select()
    .from(authEmailLocks)
    .where(eq(authEmailLocks.email, email))
    .limit(1)
  const windowStart = Math.max(
    now.getTime() - CODE_GUESS_WINDOW_MS,
    previous?.lockedUntil.getTime() ?? 0,
  )
  const [row] = await db
    .select({ wrong: sql<number>`coalesce(sum(${authCodes.attempts}), 0)::int` })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), gt(authCodes.createdAt, new Date(windowStart))))
  if ((row?.wrong ?? 0) < CODE_GUESS_BUDGET) return undefined
  const recent = previous && now.getTime() - previous.lockedAt.getTime() < LOCK_MEMORY_MS
  const locks = recent ? previous.locks + 1 : 1
  const lockMs = FIRST_LOCK_MS * 2 ** Math.min(locks - 1, 10)
  const lock = { lockedAt: now, lockedUntil: new Date(now.getTime() + lockMs), locks }
  await db
    .insert(authEmailLocks)
    .values({ email, ...lock })
    .onConflictDoUpdate({ target: authEmailLocks.email, set: lock })
  // Every live code of the address dies with the lock.
  await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.email, email), isNull(authCodes.consumedAt)))
  return lockMs / 60_000
}

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
export async function secondsUntilNextSend(
  db: Db,
  email: string,
  now: Date,
  intervalMs = SEND_INTERVAL_MS,
): Promise<number> {
  const since = new Date(now.getTime() - intervalMs)
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
  return Math.max(0, Math.ceil((last + intervalMs - now.getTime()) / 1000))
}

export async function assertMaySend(
  db: Db,
  email: string,
  now: Date,
  intervalMs = SEND_INTERVAL_MS,
): Promise<void> {
  const wait = await secondsUntilNextSend(db, email, now, intervalMs)
  if (wait > 0) throw new ThrottledError(wait)
}

export interface IssueCodeInput {
  email: string
  purpose: CodePurpose
  userId?: string | undefined
  newEmail?: string | undefined
  /**
   * sha256 of the device id that asked for a sign-in code: the code then works only with that
   * device id (docs/custody.md#sign-in-in-the-frame), so a code seen elsewhere is useless.
   */
  deviceHash?: string | undefined
}

/** What a code's HMAC covers: its address, and for a sign-in code the device that asked. */
const codeSubject = (input: { email: string; deviceHash?: string | undefined }) =>
  input.deviceHash ? `${input.email}\n${input.deviceHash}` : input.email

/**
 * Stores the HMAC of a fresh code (voiding older ones of the same purpose) and returns the code.
 * One transaction holding a lock on the address: concurrent requests run one after another, so
 * with `throttleMs` only the first within that interval (30 s unless configured) gets a code,
 * and the unique index on live codes backs it (docs/custody.md#sign-in-codes).
 */
export async function issueCode(
  db: Db,
  key: Buffer,
  input: IssueCodeInput,
  now: Date,
  options: { throttleMs?: number | undefined } = {},
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`latch-code:${input.email}`}))`)
    await assertNotLocked(tx as unknown as Db, input.email, now)
    if (options.throttleMs)
      await assertMaySend(tx as unknown as Db, input.email, now, options.throttleMs)
    return insertCode(tx as unknown as Db, key, input, now)
  })
}

async function insertCode(db: Db, key: Buffer, input: IssueCodeInput, now: Date) {
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
    codeHash: hashCode(key, input.purpose, codeSubject(input), code),
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
  input: { email: string; purpose: CodePurpose; code: string; deviceHash?: string | undefined },
  now: Date,
  onLocked?: (minutes: number) => Promise<void>,
) {
  await assertNotLocked(db, input.email, now)
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
  if (sameHash(live.codeHash, hashCode(key, input.purpose, codeSubject(input), input.code))) {
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
  const lockedFor = await lockIfOverBudget(db, input.email, now)
  if (lockedFor !== undefined) {
    await onLocked?.(lockedFor)
    throw new EmailLockedError(lockedFor * 60)
  }
  const left = MAX_CODE_ATTEMPTS - (counted?.attempts ?? MAX_CODE_ATTEMPTS)
  throw new InvalidCodeError(
    left > 0
      ? `Invalid code; ${left} attempt${left === 1 ? '' : 's'} left`
      : 'Too many wrong codes; request a new one',
  )
}
