import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import { authMailLog } from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { HttpError } from '../http/errors.js'
import { ThrottledError } from './codes.js'

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/**
 * Caps on sign-in mails (docs/custody.md#sign-in-codes), besides one mail per 30 s per address.
 * The address caps stop one mailbox being flooded from fresh device ids and fresh IPs; the
 * origin and project caps stop one site (or one project's sites) mailing many addresses. All
 * count rows of auth_mail_log, so they hold across restarts and across servers.
 */
export const MAIL_LIMITS = {
  addressPerHour: 10,
  addressPerDay: 24,
  originPerHour: 1000,
  projectPerHour: 3000,
}

export class OriginMailLimitError extends HttpError {
  override name = 'OriginMailLimitError'
  constructor(readonly retryAfter: number) {
    super(429, 'ORIGIN_MAIL_LIMIT', 'This site has sent too many sign-in emails; try again later')
  }
}

export interface MailAsker {
  email: string
  projectId: string
  pageOrigin: string
}

type Column =
  | typeof authMailLog.email
  | typeof authMailLog.pageOrigin
  | typeof authMailLog.projectId

/** Seconds until a window of `windowMs` holds fewer than `max` rows of `value`, or 0. */
async function waitFor(
  db: Db,
  column: Column,
  value: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - windowMs)
  const inWindow = and(eq(column, value), gt(authMailLog.createdAt, since))
  const [row] = await db.select({ n: count() }).from(authMailLog).where(inWindow)
  const n = row?.n ?? 0
  if (n < max) return 0
  // The window reopens when its (n - max + 1)th oldest row leaves it.
  const [freeing] = await db
    .select({ at: authMailLog.createdAt })
    .from(authMailLog)
    .where(inWindow)
    .orderBy(asc(authMailLog.createdAt))
    .offset(n - max)
    .limit(1)
  const leaves = (freeing?.at.getTime() ?? now.getTime()) + windowMs
  return Math.max(1, Math.ceil((leaves - now.getTime()) / 1000))
}

/**
 * Counts one sign-in mail against every cap, or refuses it. One transaction holding locks on the
 * address, the origin and the project (always in that order): concurrent starts, on this server
 * or another, are counted one after another.
 */
export async function reserveMail(db: Db, asker: MailAsker, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    for (const key of [
      `latch-mail:${asker.email}`,
      `latch-mail-origin:${asker.pageOrigin}`,
      `latch-mail-project:${asker.projectId}`,
    ])
      await t.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    const address = Math.max(
      await waitFor(t, authMailLog.email, asker.email, MAIL_LIMITS.addressPerHour, HOUR_MS, now),
      await waitFor(t, authMailLog.email, asker.email, MAIL_LIMITS.addressPerDay, DAY_MS, now),
    )
    // The same answer whether or not the address has a wallet: it only counts mails.
    if (address > 0) throw new ThrottledError(address)
    const site = Math.max(
      await waitFor(
        t,
        authMailLog.pageOrigin,
        asker.pageOrigin,
        MAIL_LIMITS.originPerHour,
        HOUR_MS,
        now,
      ),
      await waitFor(
        t,
        authMailLog.projectId,
        asker.projectId,
        MAIL_LIMITS.projectPerHour,
        HOUR_MS,
        now,
      ),
    )
    if (site > 0) throw new OriginMailLimitError(site)
    await t.insert(authMailLog).values({ ...asker, createdAt: now })
  })
}
