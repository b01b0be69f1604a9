import { sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'

/**
 * The channel writers of history data announce changes on. Sent with `pg_notify` inside the
 * writing transaction, so Postgres delivers it at commit, and never for a rolled-back write.
 */
export const HISTORY_CHANNEL = 'latch_history'

/** Announces, inside the writer's transaction `tx`, that pages reading `scope` changed. */
export async function announceHistoryChange(tx: Db, scope: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${HISTORY_CHANNEL}, ${scope})`)
}

/** The scope of one chain's indexed rows: the CAIP-2 id, such as eip155:31337. */
export const chainScope = (namespace: string, chainId: number | string) => `${namespace}:${chainId}`

/** The scope of what the on-ramp relabels for one address (onramp/store.ts announces it). */
export const addressScope = (address: string) => `address:${address.toLowerCase()}`
