import type { Address, Hash } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { openDatabase } from '../../db/open.js'
import { spawnCli } from '../../testing/cli.js'
import { createTestPostgres } from '../../testing/postgres.js'
import {
  type Backend,
  buildTestApp,
  compareHistoryWithChain,
  createWorld,
  type World,
} from './fixtures/harness.js'
import { ChainStore } from './store.js'

const backends: Backend[] = ['pglite', 'postgres']
const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit: '10' }

class InjectedCrash extends Error {
  override name = 'InjectedCrash'
}

/** Many blocks with transfers among the first accounts, so batches have something to lose. */
async function fillChain(world: World, transactions: number): Promise<Hash[]> {
  const hashes: Hash[] = []
  const accounts = world.accounts.slice(0, 4) as Address[]
  for (let i = 0; i < transactions; i++) {
    const from = accounts[i % 4]!
    const to = accounts[(i * 7 + 1) % 4]!
    hashes.push(
      await world.wallet.sendTransaction({
        account: from,
        to,
        value: BigInt(i + 1),
        chain: foundry,
      }),
    )
  }
  await world.client.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 20 })
  return hashes
}

describe.each(backends)('a crash in the middle of a batch on %s', (backend) => {
  let anvil: AnvilInstance
  let world: World

  beforeAll(async () => {
    anvil = await startAnvil()
    world = await createWorld(anvil.rpcUrl, backend)
    await fillChain(world, 40)
  })
  afterAll(async () => {
    await world?.close()
    await anvil?.stop()
  })

  it('leaves no row of the failed batch behind, then resumes with nothing lost or doubled', async () => {
    let commits = 0
    const crashing = world.indexer({
      batchSize: 3,
      hooks: {
        beforeCommit: () => {
          // Every row of the third batch is written by now; only the commit is missing.
          if (++commits === 3) throw new InjectedCrash('killed before commit')
        },
      },
    })
    await expect(crashing.syncToHead()).rejects.toThrow(InjectedCrash)
    const checkpoint = await world.store.checkpoint(DEV_CHAIN_ID)
    expect(checkpoint?.number).toBe(5)
    // The API shows exactly blocks 0..5: nothing of blocks 6..8 leaked out of the failed batch.
    const partial = await compareHistoryWithChain(
      world.app,
      world.client,
      world.accounts.slice(0, 4),
      query,
      {
        from: 0,
        to: 5,
      },
    )
    expect(partial).toEqual([])

    await world.indexer({ batchSize: 3 }).syncToHead()
    expect(
      await compareHistoryWithChain(world.app, world.client, world.accounts.slice(0, 4), query),
    ).toEqual([])
  })

  it('survives crashes at random commits and replays of committed batches', async () => {
    const store = new ChainStore(world.db.handle.db)
    // Start over from genesis on the same rows: replaying committed blocks must insert nothing twice.
    await store.rollback(DEV_CHAIN_ID, null)
    await world.indexer({ batchSize: 7 }).syncToHead()
    await store.rollback(DEV_CHAIN_ID, {
      number: 10,
      hash: (await store.blockHash(DEV_CHAIN_ID, 10))!,
    })

    let seed = 42
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    let crashes = 0
    for (let attempt = 0; attempt < 200; attempt++) {
      const indexer = world.indexer({
        batchSize: 2 + Math.floor(random() * 5),
        hooks: {
          beforeCommit: () => {
            if (random() < 0.5) {
              crashes++
              throw new InjectedCrash('killed before commit')
            }
          },
        },
      })
      try {
        await indexer.syncToHead()
        break
      } catch (error) {
        if (!(error instanceof InjectedCrash)) throw error
      }
    }
    expect(crashes).toBeGreaterThanOrEqual(2)
    const head = Number(await world.client.getBlockNumber({ cacheTime: 0 }))
    expect((await store.checkpoint(DEV_CHAIN_ID))?.number).toBe(head)
    expect(
      await compareHistoryWithChain(world.app, world.client, world.accounts.slice(0, 4), query),
    ).toEqual([])
  })
})

describe('the indexer process killed with SIGKILL (Postgres)', () => {
  let anvil: AnvilInstance
  let world: World

  beforeAll(async () => {
    anvil = await startAnvil()
    world = await createWorld(anvil.rpcUrl, 'pglite')
    await fillChain(world, 150)
  })
  afterAll(async () => {
    await world?.close()
    await anvil?.stop()
  })

  it('resumes after every kill with no gap and no duplicate', { timeout: 240_000 }, async () => {
    const pg = await createTestPostgres()
    if ('unavailable' in pg) throw new Error(pg.unavailable)
    const database = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' })
    try {
      const store = new ChainStore(database.db)
      const env = {
        DATABASE_URL: pg.url,
        LATCH_INDEX_CHAINS: `${DEV_CHAIN_ID}=${anvil.rpcUrl}`,
        LATCH_INDEX_BATCH: '3',
        // A killed indexer's lease lapses before the next one writes (lease.ts): keep that short.
        LATCH_INDEX_LEASE_SECONDS: '1',
        // Info, for the `indexer lease taken` line each kill waits for.
        LATCH_LOG_LEVEL: 'info',
      }
      const head = Number(await world.client.getBlockNumber({ cacheTime: 0 }))
      const progress: number[] = []
      for (let kill = 0; kill < 3; kill++) {
        const cli = spawnCli(['index'], env)
        // A process standing by for the dead one's lease writes nothing: its kill would test
        // nothing. Each is killed only once it leads and has committed a batch of its own
        // (past the previous kill's checkpoint), at a deeper point each time.
        for (let i = 0; i < 1200 && !/indexer lease taken/.test(cli.stdout()); i++) {
          if (cli.child.exitCode !== null) throw new Error(`indexer exited: ${cli.stderr()}`)
          await new Promise((r) => setTimeout(r, 50))
        }
        expect(cli.stdout()).toContain('indexer lease taken')
        const target = (progress.at(-1) ?? 0) + 1 + kill * 6
        for (let i = 0; i < 1200; i++) {
          if (((await store.checkpoint(DEV_CHAIN_ID))?.number ?? -1) >= target) break
          if (cli.child.exitCode !== null) throw new Error(`indexer exited: ${cli.stderr()}`)
          await new Promise((r) => setTimeout(r, 20))
        }
        cli.child.kill('SIGKILL')
        expect(await cli.exited).toBe('SIGKILL')
        progress.push((await store.checkpoint(DEV_CHAIN_ID))?.number ?? -1)
      }
      const last = spawnCli(['index'], env)
      // Its signal handlers exist once it announces itself; a SIGTERM before that kills it outright.
      for (let i = 0; i < 600 && !/Latch indexer following/.test(last.stdout()); i++) {
        if (last.child.exitCode !== null) throw new Error(`indexer exited: ${last.stderr()}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      for (let i = 0; i < 1200; i++) {
        if ((await store.checkpoint(DEV_CHAIN_ID))?.number === head) break
        if (last.child.exitCode !== null) throw new Error(`indexer exited: ${last.stderr()}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      last.child.kill('SIGTERM')
      expect(await last.exited).toBe(0)
      expect((await store.checkpoint(DEV_CHAIN_ID))?.number).toBe(head)
      // At least one kill landed before the end, or the test proved nothing.
      expect(progress.some((p) => p < head)).toBe(true)

      const app = await buildTestApp(database, [DEV_CHAIN_ID])
      try {
        expect(
          await compareHistoryWithChain(app, world.client, world.accounts.slice(0, 4), query),
        ).toEqual([])
      } finally {
        await app.close()
      }
    } finally {
      await database.close()
      await pg.drop()
    }
  })
})
