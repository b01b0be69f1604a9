import { and, count, eq, gte, lt, sql } from 'drizzle-orm'
import { accountNames, nameRegistrations } from '../db/schema/names.js'
import type { Db } from '../db/types.js'
import { insertName, type NewName } from './store.js'
import { NameError } from './verify.js'

/**
 * Registration limits that a fresh key does not reset: a key costs nothing to make, so the
 * limits count registrations by the client's address, by project and over the whole server,
 * in the database (they hold across restarts and across servers sharing it).
 */
export interface RegistrationLimits {
  perIpPerDay: number
  perProjectPerDay: number
  globalPerHour: number
}

export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = {
  perIpPerDay: 20,
  perProjectPerDay: 500,
  globalPerHour: 1_000,
}

/** More would be squatting: an address keeps at most this many names. */
export const MAX_NAMES_PER_ADDRESS = 10

const DAY_MS = 24 * 60 * 60_000
const HOUR_MS = 60 * 60_000

export class NameRateLimitedError extends NameError {
  override name = 'NameRateLimitedError'
  constructor(scope: string) {
    super(429, 'NAME_RATE_LIMITED', `Too many names registered ${scope}; try again later.`)
  }
}

export interface RegistrationContext {
  ip: string
  projectId: string
  now: Date
  limits: RegistrationLimits
}

async function countSince(db: Db, since: Date, where?: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ n: count() })
    .from(nameRegistrations)
    .where(where ? and(where, gte(nameRegistrations.at, since)) : gte(nameRegistrations.at, since))
  return row?.n ?? 0
}

/** Throws NAME_RATE_LIMITED when any limit is reached. Cheap enough to run before the signature check. */
export async function checkRegistrationLimits(db: Db, context: RegistrationContext) {
  const { ip, projectId, now, limits } = context
  const dayAgo = new Date(now.getTime() - DAY_MS)
  if ((await countSince(db, dayAgo, eq(nameRegistrations.ip, ip))) >= limits.perIpPerDay)
    throw new NameRateLimitedError('from this address today')
  if (
    (await countSince(db, dayAgo, eq(nameRegistrations.projectId, projectId))) >=
    limits.perProjectPerDay
  )
    throw new NameRateLimitedError('through this project today')
  if ((await countSince(db, new Date(now.getTime() - HOUR_MS))) >= limits.globalPerHour)
    throw new NameRateLimitedError('on this server in the last hour')
}

/**
 * Checks every limit and inserts the name and its log row in one transaction, serialised by an
 * advisory lock, so concurrent registrations from many fresh keys cannot all pass the count.
 * Undefined when the name was taken.
 */
export async function registerWithinLimits(db: Db, input: NewName, context: RegistrationContext) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('latch-name-registration'))`)
    await tx
      .delete(nameRegistrations)
      .where(lt(nameRegistrations.at, new Date(context.now.getTime() - DAY_MS)))
    const db = tx as unknown as Db
    await checkRegistrationLimits(db, context)
    const [owned] = await db
      .select({ n: count() })
      .from(accountNames)
      .where(eq(accountNames.address, input.address.toLowerCase()))
    if ((owned?.n ?? 0) >= MAX_NAMES_PER_ADDRESS)
      throw new NameError(
        409,
        'NAME_LIMIT_REACHED',
        `An address keeps at most ${MAX_NAMES_PER_ADDRESS} names.`,
      )
    const row = await insertName(db, input, context.now)
    if (!row) return undefined
    await db
      .insert(nameRegistrations)
      .values({ name: row.name, ip: context.ip, projectId: context.projectId, at: context.now })
    return row
  })
}
