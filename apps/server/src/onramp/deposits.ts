import type { HistoryPage } from '@latch/core/wire'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'
import { onrampSessions } from './schema.js'

/**
 * An on-ramp purchase reaches the chain as a plain transfer from the provider's wallet, which the
 * indexer can only call a `receive`. This server knows better: a completed session of the same
 * project names the transaction and the buyer, so that row is a `deposit` (shown with `+`, the
 * seed's sign for deposits). Matched on hash, network and address together, so a session can
 * relabel only the buyer's own incoming transfer, never someone else's row.
 */
export async function markOnrampDeposits(
  db: Db,
  projectId: string | undefined,
  address: string,
  page: HistoryPage,
): Promise<HistoryPage> {
  if (!projectId) return page
  const candidates = page.data.filter(
    (tx) =>
      tx.metadata.operationType === 'receive' &&
      (tx.transfers ?? []).every((transfer) => transfer.direction === 'in'),
  )
  if (candidates.length === 0) return page
  const hashes = [...new Set(candidates.map((tx) => tx.metadata.hash.toLowerCase()))]
  const rows = await db
    .select({ txHash: onrampSessions.txHash, network: onrampSessions.network })
    .from(onrampSessions)
    .where(
      and(
        eq(onrampSessions.projectId, projectId),
        eq(onrampSessions.status, 'completed'),
        eq(sql`lower(${onrampSessions.address})`, address.toLowerCase()),
        inArray(sql`lower(${onrampSessions.txHash})`, hashes),
      ),
    )
  if (rows.length === 0) return page
  const bought = new Set(rows.map((row) => `${row.network}|${row.txHash?.toLowerCase()}`))
  return {
    ...page,
    data: page.data.map((tx) =>
      candidates.includes(tx) &&
      bought.has(`${tx.metadata.chain}|${tx.metadata.hash.toLowerCase()}`)
        ? { ...tx, metadata: { ...tx.metadata, operationType: 'deposit' } }
        : tx,
    ),
  }
}
