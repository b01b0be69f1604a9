import { and, eq, inArray, lt } from 'drizzle-orm'
import { addressScope, announceHistoryChange } from '../chains/history-cache/announce.js'
import type { Db } from '../db/types.js'
import { onrampSessions, onrampWebhookDeliveries } from './schema.js'
import { isAdvance, type ProviderStatus, type SessionStatus } from './types.js'

export type SessionRow = typeof onrampSessions.$inferSelect
export type NewSession = Omit<
  SessionRow,
  | 'status'
  | 'providerTxId'
  | 'cryptoAmount'
  | 'txHash'
  | 'failureReason'
  | 'createdAt'
  | 'updatedAt'
  | 'polledAt'
>

export async function insertSession(db: Db, session: NewSession, now: Date): Promise<SessionRow> {
  const [row] = await db
    .insert(onrampSessions)
    .values({ ...session, status: 'created', createdAt: now, updatedAt: now })
    .returning()
  if (!row) throw new Error('on-ramp session insert returned nothing')
  return row
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(onrampSessions).where(eq(onrampSessions.id, id))
  return row
}

const earlier: Record<SessionStatus, SessionStatus[]> = {
  created: [],
  pending: ['created'],
  completed: ['created', 'pending'],
  failed: ['created', 'pending'],
}

/**
 * Applies a provider's report if it moves the session forward; a duplicate or stale report
 * changes nothing. The condition on the stored status makes two racing reports safe: only one
 * update can match. Returns the row as it now stands.
 */
export async function applyStatus(
  db: Db,
  session: SessionRow,
  report: ProviderStatus,
  now: Date,
): Promise<SessionRow> {
  const status = session.status as SessionStatus
  if (isAdvance(status, report.status)) {
    // One transaction with its announcement: a completed purchase turns the buyer's receive
    // into a deposit on every server's cached history pages (chains/history-cache), and the
    // notification is delivered at commit, never for an update that did not happen.
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(onrampSessions)
        .set({
          status: report.status,
          providerTxId: report.providerTxId ?? session.providerTxId,
          cryptoAmount: report.cryptoAmount ?? session.cryptoAmount,
          txHash: report.txHash ?? session.txHash,
          failureReason: report.status === 'failed' ? (report.failureReason ?? 'declined') : null,
          updatedAt: now,
        })
        .where(
          and(
            eq(onrampSessions.id, session.id),
            inArray(onrampSessions.status, earlier[report.status]),
          ),
        )
        .returning()
      if (updated?.status === 'completed')
        await announceHistoryChange(tx as unknown as Db, addressScope(updated.address))
      return updated
    })
    if (row) return row
  }
  return (await findSession(db, session.id)) ?? session
}

export async function markPolled(db: Db, id: string, now: Date): Promise<void> {
  await db.update(onrampSessions).set({ polledAt: now }).where(eq(onrampSessions.id, id))
}

/**
 * Remembers a signed delivery; false when it was seen before (a replay). Deliveries older than
 * `forgetBefore` are dropped: the timestamp check refuses those anyway.
 */
export async function takeDelivery(
  db: Db,
  provider: string,
  signature: string,
  signedAt: number,
  forgetBefore: number,
): Promise<boolean> {
  await db.delete(onrampWebhookDeliveries).where(lt(onrampWebhookDeliveries.signedAt, forgetBefore))
  const rows = await db
    .insert(onrampWebhookDeliveries)
    .values({ provider, signature, signedAt })
    .onConflictDoNothing()
    .returning()
  return rows.length === 1
}
