import type { Address, Hash } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { compareHistoryWithChain, createWorld, type World } from './fixtures/harness.js'
import type { ChainIndexer, IndexerLogger } from './indexer.js'
import { ChainLease, type LeaseTimings, leaseTimings } from './lease.js'
import { BlockSource } from './source.js'
import type { BlockBundle } from './types.js'

// Indexers of one process sharing one PGlite database, each with its lease: the standby and the
// fence inside ChainIndexer (docs/deployment.md#one-indexer). Across processes on Postgres:
// takeover.int.test.ts.

const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit: '10' }

interface Logged {
  level: 'info' | 'warn' | 'error'
  msg: string
  holder?: string
}

function recorder(): IndexerLogger & { lines: Logged[]; has(msg: string): boolean } {
  const lines: Logged[] = []
  const push = (level: Logged['level']) => (obj: object, msg?: string) =>
    lines.push({ level, msg: msg ?? '', ...(obj as { holder?: string }) })
  return {
    lines,
    info: push('info'),
    warn: push('warn'),
    error: push('error'),
    has: (msg) => lines.some((l) => l.msg.startsWith(msg)),
  }
}

/** A node whose blocks can be held back: the indexer reading them is "paused" mid-step. */
class GatedSource extends BlockSource {
  private gate: Promise<void> | null = null
  private open: (() => void) | null = null
  waiting = false

  close(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve
    })
  }
  reopen(): void {
    this.gate = null
    this.open?.()
  }
  override async fetchBlock(number: number): Promise<BlockBundle> {
    if (this.gate) {
      this.waiting = true
      await this.gate
    }
    return super.fetchBlock(number)
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 5_000; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`never happened: ${what}`)
}

describe('indexers sharing a PGlite database', () => {
  let anvil: AnvilInstance
  let world: World
  const started: ChainIndexer[] = []

  beforeAll(async () => {
    anvil = await startAnvil()
    world = await createWorld(anvil.rpcUrl, 'pglite')
  })
  afterAll(async () => {
    await Promise.all(started.map((indexer) => indexer.stop()))
    await world?.close()
    await anvil?.stop()
  })

  const send = async (count: number, value: bigint): Promise<void> => {
    const accounts = world.accounts.slice(0, 4) as Address[]
    let hash: Hash | undefined
    for (let i = 0; i < count; i++)
      hash = await world.wallet.sendTransaction({
        account: accounts[i % 4]!,
        to: accounts[(i + 1) % 4]!,
        value: value + BigInt(i),
        chain: foundry,
      })
    await world.client.waitForTransactionReceipt({ hash: hash!, pollingInterval: 20 })
  }
  const head = async () => Number(await world.client.getBlockNumber({ cacheTime: 0 }))
  const atHead = async () => (await world.store.checkpoint(DEV_CHAIN_ID))?.number === (await head())
  const start = (
    holder: string,
    timings: LeaseTimings,
    source = new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: anvil.rpcUrl }),
  ) => {
    const log = recorder()
    const lease = new ChainLease(world.db.handle.db, DEV_CHAIN_ID, holder, { timings })
    const indexer = world.indexer({ source, lease, log, pollIntervalMs: 20, batchSize: 3 })
    indexer.start()
    started.push(indexer)
    return { indexer, log }
  }

  it('lets one write while the other stands by, and hands over on a clean stop', async () => {
    await send(6, 1_000n)
    const a = start('a', leaseTimings(400))
    const b = start('b', leaseTimings(400))
    await until(
      () => a.log.has('indexer lease taken') || b.log.has('indexer lease taken'),
      'a leader',
    )
    const [leader, standby] = a.log.has('indexer lease taken') ? [a, b] : [b, a]
    await until(() => standby.log.has('standing by'), 'the standby')
    await until(atHead, 'the leader at head')
    expect(standby.log.has('indexed')).toBe(false)

    await leader.indexer.stop()
    await until(() => standby.log.has('indexer lease taken'), 'the takeover')
    await send(4, 2_000n)
    await until(atHead, 'the new leader at head')
    await standby.indexer.stop()
    expect(
      await compareHistoryWithChain(world.app, world.client, world.accounts.slice(0, 4), query),
    ).toEqual([])
  })

  it('refuses the batch of a leader paused past its lease; it then stands by', async () => {
    await send(3, 3_000n)
    // A never renews in the background: only its commits extend its lease.
    const gated = new GatedSource({ chainId: DEV_CHAIN_ID, rpcUrl: anvil.rpcUrl })
    const a = start('paused', { durationMs: 300, renewEveryMs: 3_600_000, retryEveryMs: 50 }, gated)
    await until(atHead, 'A at head')
    const before = (await world.store.checkpoint(DEV_CHAIN_ID))!.number

    // A reads the checkpoint and the head, then stalls fetching the blocks of its next batch.
    gated.close()
    await send(3, 4_000n)
    await until(() => gated.waiting, 'A stalled mid-step')
    // B takes over once A's lease lapses and indexes past the batch A is holding.
    const b = start('b', leaseTimings(400))
    await until(() => b.log.has('indexer lease taken'), 'B takes over')
    await send(3, 5_000n)
    await until(atHead, 'B at head')
    const headNow = await head()

    gated.reopen()
    await until(() => a.log.has('indexer lease lost'), 'A told its lease is gone')
    await until(
      () => a.log.lines.some((l) => l.msg.startsWith('standing by') && l.holder === 'b'),
      'A standing by behind B',
    )
    // A's batch ended below B's checkpoint: written, it would have moved the checkpoint back.
    expect((await world.store.checkpoint(DEV_CHAIN_ID))!.number).toBe(headNow)
    expect(headNow).toBeGreaterThan(before + 3)
    expect(a.log.lines.filter((l) => l.msg === 'indexed').length).toBeGreaterThan(0)
    await Promise.all([a.indexer.stop(), b.indexer.stop()])
    expect(
      await compareHistoryWithChain(world.app, world.client, world.accounts.slice(0, 4), query),
    ).toEqual([])
  })
})
