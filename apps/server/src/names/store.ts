import type { AccountNameRecord } from '@latch/core/wire'
import { count, desc, eq, inArray } from 'drizzle-orm'
import { accountNames } from '../db/schema/names.js'
import type { Db } from '../db/types.js'

type NameRow = typeof accountNames.$inferSelect

/** The reference's record shape (docs/names.md): times both as Unix seconds and ISO text. */
export function recordOf(row: NameRow): AccountNameRecord {
  const registered = row.registeredAt
  const updated = row.updatedAt
  const attributes: AccountNameRecord['attributes'] = Object.keys(row.attributes).length
    ? [row.attributes]
    : []
  return {
    name: row.name,
    registered: Math.floor(registered.getTime() / 1000),
    updated: Math.floor(updated.getTime() / 1000),
    registered_at: registered.toISOString(),
    updated_at: updated.toISOString(),
    addresses: {
      [String(row.coinType)]: { address: row.address, created: registered.toISOString() },
    },
    attributes,
  }
}

export async function findName(db: Db, name: string) {
  const [row] = await db.select().from(accountNames).where(eq(accountNames.name, name))
  return row
}

/** Every name of an address, the primary (newest) first. */
export async function namesOf(db: Db, address: string) {
  return db
    .select()
    .from(accountNames)
    .where(eq(accountNames.address, address.toLowerCase()))
    .orderBy(desc(accountNames.registeredAt), accountNames.name)
}

export async function primaryNameOf(db: Db, address: string) {
  const [row] = await namesOf(db, address)
  return row
}

export async function countNamesOf(db: Db, address: string) {
  const [row] = await db
    .select({ n: count() })
    .from(accountNames)
    .where(eq(accountNames.address, address.toLowerCase()))
  return row?.n ?? 0
}

/** Which of these names are registered already. */
export async function takenAmong(db: Db, names: string[]) {
  if (names.length === 0) return new Set<string>()
  const rows = await db
    .select({ name: accountNames.name })
    .from(accountNames)
    .where(inArray(accountNames.name, names))
  return new Set(rows.map((row) => row.name))
}

export type NewName = Omit<NameRow, 'registeredAt' | 'updatedAt'>

/**
 * Inserts the name unless it exists, in one statement: of two registrations racing for a name,
 * the database lets exactly one in. Undefined when it was taken.
 */
export async function insertName(db: Db, input: NewName, now: Date) {
  const [row] = await db
    .insert(accountNames)
    .values({ ...input, address: input.address.toLowerCase(), registeredAt: now, updatedAt: now })
    .onConflictDoNothing({ target: accountNames.name })
    .returning()
  return row
}
