import type { Hash } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import type { DatabaseHandle } from '../../db/types.js'
import { createTestPostgres, type TestPostgres } from '../../testing/postgres.js'
import {
  ChainLease,
  LeaseLostError,
  type LeaseTimings,
  leaseTimings,
  newHolderId,
} from './lease.js'
import { ChainStore } from './store.js'
import type { BlockBundle } from './types.js'

// The lease alone, against a real database (docs/deployment.md#one-indexer). The indexer
// processes fighting over it are in takeover.int.test.ts.

const postgres = await createTestPostgres()
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null
if (unavailable) console.warn(`[skip] indexer lease on postgres: ${unavailable}`)

/** A holder whose renewals never come in time: a process paused (or starved) past its lease. */
const paused = (durationMs: number): LeaseTimings => ({
  durationMs,
  renewEveryMs: 3_600_000,
  retryEveryMs: durationMs,
})

const block = (number: number): BlockBundle => ({
  chainId: 1,
  number,
  hash: `0x${number.toString(16).padStart(64, '0')}` as Hash,
  parentHash: `0x${Math.max(0, number - 1)
    .toString(16)
    .padStart(64, '0')}` as Hash,
  timestamp: 1_700_000_000 + number,
  txs: [],
  events: [],
})
const noExtras = { tokens: [], nfts: [], spam: [] }

/** Asks until `lease` is taken; the lease lapsing is a condition of the database's clock. */
async function acquireWhenLapsed(lease: ChainLease): Promise<void> {
  for (let i = 0; i < 2_000; i++) if (await lease.acquire()) return
  throw new Error('the lease never lapsed')
}

describe.each([
  ['pglite', null],
  ['postgres', unavailable],
] as const)('the indexer lease on %s', (backend, skip) => {
  let database: DatabaseHandle
  let store: ChainStore
  let chainId = 1_000

  beforeAll(async () => {
    if (skip) return
    database = await openDatabase({
      databaseUrl: backend === 'postgres' ? (postgres as TestPostgres).url : undefined,
      dataDir: 'memory://',
    })
    await migrate(database)
    store = new ChainStore(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  const lease = (holder: string, timings: LeaseTimings = leaseTimings(60_000)) =>
    new ChainLease(database.db, chainId, holder, { timings })

  it.skipIf(skip)('has one holder at a time; a release hands it over at once', async () => {
    chainId++
    const a = lease('a')
    const b = lease('b')
    expect(await a.acquire()).toBe(true)
    expect(await b.acquire()).toBe(false)
    expect(b.term).toBeNull()
    expect(await b.current()).toMatchObject({ holder: 'a', term: 1 })
    expect(await a.renew()).toBe(true)
    await a.release()
    expect(a.term).toBeNull()
    expect(await b.acquire()).toBe(true)
    expect(b.term).toBe(2)
    expect(await a.acquire()).toBe(false)
    await b.release()
  })

  it.skipIf(skip)('lets exactly one of many standbys win a free lease', async () => {
    chainId++
    const leases = Array.from({ length: 8 }, (_, i) => lease(`standby-${i}`))
    const won = await Promise.all(leases.map((l) => l.acquire()))
    expect(won.filter(Boolean)).toHaveLength(1)
    await Promise.all(leases.map((l) => l.release()))
  })

  it.skipIf(skip)(
    'refuses the commit of a holder paused past its lease: nothing written',
    async () => {
      chainId++
      const a = lease('a', paused(40))
      const b = lease('b', paused(40))
      expect(await a.acquire()).toBe(true)
      const fence = a.fencer()
      await store.commit(chainId, [block(0)], noExtras, { fence })
      // A stops renewing (paused); its lease lapses and B takes over with a new term.
      await acquireWhenLapsed(b)
      expect(b.term).toBe(2)
      // A wakes up and commits the batch it prepared before the pause.
      await expect(store.commit(chainId, [block(1)], noExtras, { fence })).rejects.toThrow(
        LeaseLostError,
      )
      expect(a.term).toBeNull()
      expect(await store.checkpoint(chainId)).toEqual({ number: 0, hash: block(0).hash })
      // The rollback of a reorg is fenced alike.
      await expect(store.rollback(chainId, null, { fence })).rejects.toThrow(LeaseLostError)
      expect((await store.checkpoint(chainId))?.number).toBe(0)
      await store.commit(chainId, [block(1)], noExtras, { fence: b.fencer() })
      expect((await store.checkpoint(chainId))?.number).toBe(1)
    },
  )

  it.skipIf(skip)(
    'refuses a fence of an older term even when the holder took it back',
    async () => {
      chainId++
      const a = lease('a', paused(40))
      const b = lease('b', paused(40))
      expect(await a.acquire()).toBe(true)
      const stale = a.fencer()
      await acquireWhenLapsed(b)
      await b.release()
      // A learns it lost term 1 at its next renewal, then takes the lease again.
      expect(await a.renew()).toBe(false)
      expect(await a.acquire()).toBe(true)
      expect(a.term).toBe(3)
      // Whatever A read under term 1 may predate B's writes.
      await expect(store.commit(chainId, [block(0)], noExtras, { fence: stale })).rejects.toThrow(
        LeaseLostError,
      )
      expect(await store.checkpoint(chainId)).toBeNull()
    },
  )

  it.skipIf(skip)(
    'takes at once a lease of another process where only one may open the database',
    async () => {
      chainId++
      expect(await lease('gone-host:1:dead').acquire()).toBe(true)
      const mine = () =>
        new ChainLease(database.db, chainId, newHolderId(), {
          timings: leaseTimings(60_000),
          soleProcess: true,
        })
      // Where several processes share the database, an unexpired lease is waited for.
      expect(await lease(newHolderId()).acquire()).toBe(false)
      const first = mine()
      expect(await first.acquire()).toBe(true)
      expect(first.term).toBe(2)
      // A holder of this very process is alive: never taken over.
      expect(await mine().acquire()).toBe(false)
      await first.release()
    },
  )

  it.skipIf(skip)('is renewed in the background while held', async () => {
    chainId++
    const held = lease('a', leaseTimings(600))
    const rival = lease('b', leaseTimings(600))
    expect(await held.acquire()).toBe(true)
    // Many rival attempts span many lease lengths; the heartbeat keeps every one of them out.
    const start = (await held.current())!.term
    let renewals = 0
    let last = (await held.current())!.expiresInMs
    for (let i = 0; renewals < 4 && i < 10_000; i++) {
      expect(await rival.acquire()).toBe(false)
      const now = (await held.current())!.expiresInMs
      if (now > last) renewals++
      last = now
      // PGlite answers without a turn of the event loop; an indexer waits on its node in between.
      await new Promise(setImmediate)
    }
    expect(renewals).toBe(4)
    expect((await held.current())!.term).toBe(start)
    await held.release()
  })
})

afterAll(async () => {
  if (!unavailable) await (postgres as TestPostgres).drop()
})
