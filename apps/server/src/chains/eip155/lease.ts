import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'

// One indexer writes each chain at a time, whatever is started (docs/deployment.md#one-indexer).
// The lease is a row of `chain_index_leases`: a holder, a term and an expiry by the database's
// clock (never a process's own), so it works alike on Postgres and PGlite. The holder renews it
// while it lives; a holder killed outright stops renewing and the lease lapses. A lease that
// lapsed only while its holder was paused is fenced: every batch commit checks holder and term
// inside its own transaction, and the term changes whenever another indexer takes over.

export const DEFAULT_LEASE_MS = 10_000

/** Thrown by a commit's fence when this indexer no longer holds the lease it started with. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError'
}

export interface LeaseTimings {
  /** How long a lease lasts without renewal; a dead holder's lease lapses after at most this. */
  durationMs: number
  /** Renewal period: three renewals per lease, so two may fail before it lapses. */
  renewEveryMs: number
  /** How often a standby asks for the lease. */
  retryEveryMs: number
}

export function leaseTimings(durationMs = DEFAULT_LEASE_MS): LeaseTimings {
  if (!Number.isInteger(durationMs) || durationMs < 1)
    throw new RangeError(`lease duration must be a positive whole number of ms, got ${durationMs}`)
  return {
    durationMs,
    renewEveryMs: Math.max(1, Math.floor(durationMs / 3)),
    retryEveryMs: Math.max(1, Math.floor(durationMs / 4)),
  }
}

/** The start of every holder id of this process. */
export function processPrefix(): string {
  return `${hostname()}:${process.pid}:`
}

/** Names this process in logs and in the lease row: host, pid, and a nonce for pid reuse. */
export function newHolderId(): string {
  return `${processPrefix()}${randomBytes(4).toString('hex')}`
}

export interface LeaseOptions {
  timings?: LeaseTimings
  /**
   * The database admits one process only (PGlite's data folder is locked to its owner,
   * db/lock.ts): a holder of another process is dead, so its lease is taken without waiting.
   */
  soleProcess?: boolean
}

export interface LeaseHolder {
  holder: string
  term: number
  /** Negative once it lapsed. */
  expiresInMs: number
}

type Rows<T> = { rows: T[] }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows
}

const inMs = (ms: number) => sql`(${ms}::int * interval '1 millisecond')`

/** One chain's indexer lease, as seen by one holder. */
export class ChainLease {
  private heldTerm: number | null = null
  private heartbeat: NodeJS.Timeout | null = null
  private renewing = false
  readonly timings: LeaseTimings
  private readonly options: LeaseOptions

  constructor(
    private readonly db: Db,
    readonly chainId: number,
    readonly holder: string,
    options: LeaseOptions = {},
  ) {
    this.timings = options.timings ?? leaseTimings()
    this.options = options
  }

  /** The term this holder writes under, or null while it stands by. */
  get term(): number | null {
    return this.heldTerm
  }

  /**
   * Takes the lease when nobody holds it or its holder's lease lapsed (a new term), and from then
   * on renews it in the background. True when this holder has it.
   */
  async acquire(): Promise<boolean> {
    if (this.heldTerm !== null) return true
    const deadHolder = this.options.soleProcess
      ? sql`or l.holder not like ${`${processPrefix()}%`}`
      : sql``
    // One statement: concurrent standbys race on the row lock and exactly one update wins.
    const [row] = await rows<{ term: number }>(
      this.db,
      sql`insert into chain_index_leases as l (chain_id, holder, term, expires_at, acquired_at)
        values (${this.chainId}, ${this.holder}, 1, clock_timestamp() + ${inMs(this.timings.durationMs)}, clock_timestamp())
        on conflict (chain_id) do update
          set holder = excluded.holder, term = l.term + 1, expires_at = excluded.expires_at,
            acquired_at = excluded.acquired_at
          where l.expires_at <= clock_timestamp() ${deadHolder}
        returning l.term::float8 as term`,
    )
    if (!row) return false
    this.heldTerm = Number(row.term)
    this.startHeartbeat()
    return true
  }

  /** Who holds the lease now (null: nobody ever did). */
  async current(): Promise<LeaseHolder | null> {
    const [row] = await rows<{ holder: string; term: number; ms: number }>(
      this.db,
      sql`select holder, term::float8 as term,
          (extract(epoch from expires_at - clock_timestamp()) * 1000)::float8 as ms
        from chain_index_leases where chain_id = ${this.chainId}`,
    )
    return row
      ? { holder: row.holder, term: Number(row.term), expiresInMs: Math.round(Number(row.ms)) }
      : null
  }

  /**
   * Extends the lease; false (and the lease dropped) when another holder took it. Holder and term
   * unchanged prove nobody took it in between, even if it lapsed meanwhile.
   */
  async renew(): Promise<boolean> {
    const term = this.heldTerm
    if (term === null) return false
    if (await this.extend(this.db, term)) return true
    this.lose(term)
    return false
  }

  /**
   * The fence of one write, bound to the term held now: run first inside the write's transaction,
   * it extends the lease and keeps its row locked until the commit, or throws LeaseLostError so
   * the transaction rolls back. Throws at once when the lease is not held.
   */
  fencer(): (tx: Db) => Promise<void> {
    const term = this.heldTerm
    if (term === null)
      throw new LeaseLostError(`This indexer does not hold the lease of chain ${this.chainId}.`)
    return async (tx) => {
      if (await this.extend(tx, term)) return
      this.lose(term)
      throw new LeaseLostError(
        `The indexer lease of chain ${this.chainId} moved on; nothing written.`,
      )
    }
  }

  /** Lets a standby take over at its next try; a no-op when the lease is not held. */
  async release(): Promise<void> {
    const term = this.heldTerm
    this.stopHeartbeat()
    this.heldTerm = null
    if (term === null) return
    await this.db.execute(
      sql`update chain_index_leases set expires_at = clock_timestamp()
        where chain_id = ${this.chainId} and holder = ${this.holder} and term = ${term}`,
    )
  }

  private async extend(db: Db, term: number): Promise<boolean> {
    const found = await rows<{ term: number }>(
      db,
      sql`update chain_index_leases
        set expires_at = clock_timestamp() + ${inMs(this.timings.durationMs)}
        where chain_id = ${this.chainId} and holder = ${this.holder} and term = ${term}
        returning term`,
    )
    return found.length > 0
  }

  /** Forgets the lease if `term` is still the one held (a newer one is left alone). */
  private lose(term: number): void {
    if (this.heldTerm !== term) return
    this.heldTerm = null
    this.stopHeartbeat()
  }

  private startHeartbeat(): void {
    this.stopHeartbeat()
    this.heartbeat = setInterval(() => {
      if (this.renewing) return
      this.renewing = true
      // A failed renewal (database away) changes nothing: the lease lapses on its own, and the
      // fence of the next commit decides.
      this.renew()
        .catch(() => {})
        .finally(() => {
          this.renewing = false
        })
    }, this.timings.renewEveryMs)
    // Never what keeps a process alive.
    this.heartbeat.unref()
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
  }
}
