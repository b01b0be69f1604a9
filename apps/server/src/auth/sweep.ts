import { and, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  authCodes,
  authDevices,
  authEmailLocks,
  authMailLog,
  authSocialFlows,
} from '../db/schema/auth.js'
import type { Db } from '../db/types.js'
import { CODE_GUESS_WINDOW_MS } from './codes.js'
import { APPROVAL_TTL_MS } from './routes/device.js'

const DAY_MS = 24 * 60 * 60_000

/** How many rows one sweep deleted (or, for approved devices, cleared), by kind. */
export interface SweepCounts {
  codes: number
  flows: number
  approvals: number
  mailLog: number
  locks: number
}

/**
 * Deletes what can no longer be used (docs/custody.md#sign-in-codes): sign-in codes once they
 * also stopped counting towards the hourly guess budget (every code is dead 10 minutes after it
 * was made, but its wrong guesses count for an hour), social and Farcaster flows past their
 * expiry, approval links past theirs (a never-approved device row goes with its link), mail-log
 * rows older than the daily cap's window, and locks a day past their end.
 */
export async function sweepAuth(db: Db, now: Date): Promise<SweepCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const codes = await db
    .delete(authCodes)
    .where(
      and(
        lt(authCodes.createdAt, ago(CODE_GUESS_WINDOW_MS)),
        or(isNotNull(authCodes.consumedAt), lt(authCodes.expiresAt, now)),
      ),
    )
    .returning({ id: authCodes.id })
  const flows = await db
    .delete(authSocialFlows)
    .where(lt(authSocialFlows.expiresAt, now))
    .returning({ stateHash: authSocialFlows.stateHash })
  const staleLink = and(
    isNotNull(authDevices.approvalTokenHash),
    lt(authDevices.approvalSentAt, ago(APPROVAL_TTL_MS)),
  )
  const unapproved = await db
    .delete(authDevices)
    .where(and(staleLink, isNull(authDevices.approvedAt)))
    .returning({ userId: authDevices.userId })
  // An approved device keeps its row (the approval is what matters); only the dead link goes.
  const cleared = await db
    .update(authDevices)
    .set({ approvalTokenHash: null })
    .where(and(staleLink, isNotNull(authDevices.approvedAt)))
    .returning({ userId: authDevices.userId })
  const mailLog = await db
    .delete(authMailLog)
    .where(lt(authMailLog.createdAt, ago(DAY_MS)))
    .returning({ id: authMailLog.id })
  const locks = await db
    .delete(authEmailLocks)
    .where(lt(authEmailLocks.lockedUntil, ago(DAY_MS)))
    .returning({ email: authEmailLocks.email })
  return {
    codes: codes.length,
    flows: flows.length,
    approvals: unapproved.length + cleared.length,
    mailLog: mailLog.length,
    locks: locks.length,
  }
}

/**
 * Runs the sweep every `intervalMs` (LATCH_AUTH_SWEEP_SECONDS). Unref'd, so it never keeps the
 * process alive; one sweep at a time; a failed sweep is logged and the next one tries again.
 */
export function scheduleSweep(
  db: Db,
  options: { intervalMs: number; now: () => Date; log: FastifyBaseLogger },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = sweepAuth(db, options.now())
      .then((counts) => options.log.debug({ swept: counts }, 'auth sweep'))
      .catch((error: unknown) => options.log.error({ err: error }, 'auth sweep failed'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, options.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
