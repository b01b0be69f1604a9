import type { HistoryPage } from '@latch/core/wire'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Registry } from 'prom-client'
import { type Address, createPublicClient, createTestClient, createWalletClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import type { DatabaseHandle, PgliteHandle, PostgresHandle } from '../../db/types.js'
import { applyStatus, insertSession } from '../../onramp/store.js'
import { createProject } from '../../provider-services/projects.js'
import { createTestPostgres, type TestPostgres } from '../../testing/postgres.js'
import { evmBackend } from '../eip155/backend.js'
import { ChainIndexer } from '../eip155/indexer.js'
import { BlockSource } from '../eip155/source.js'
import { ChainStore } from '../eip155/store.js'
import {
  buildRoutesApp,
  getHistory,
  openTestDb,
  testCodec,
  testProjectOf,
} from '../testing/harness.js'
import { HistoryCache } from './cache.js'
import { PgliteInvalidationFeed, PostgresInvalidationFeed } from './feed.js'
import { historyCacheObserver } from './metrics.js'

// Two API servers (each its own pool, cache and LISTEN connection) and an indexer on its own
// pool, against one Postgres database and anvil: what `serve` ×2 + `latch-server index` share.

const postgres = await createTestPostgres()
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null
if (unavailable) console.warn(`[skip] history cache needs Postgres: ${unavailable}`)

const CHAIN = `eip155:${DEV_CHAIN_ID}`

/** Polls `check` until it holds (no fixed sleep: each turn waits for the condition only). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 20_000; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`never happened: ${what}`)
}

interface Server {
  app: FastifyInstance
  cache: HistoryCache
  feed: PostgresInvalidationFeed
  handle: DatabaseHandle
  registry: Registry
  /** Reconnects the feed after an outage; set when the feed asks to retry. */
  reconnect?: () => void
}

describe.skipIf(unavailable)('history page cache (Postgres, two servers, one indexer)', () => {
  let anvil: AnvilInstance
  let indexerDb: DatabaseHandle
  let indexer: ChainIndexer
  let store: ChainStore
  let accounts: Address[]
  const servers: Server[] = []
  const url = () => (postgres as TestPostgres).url

  const startServer = async (): Promise<Server> => {
    const handle = (await openDatabase({
      databaseUrl: url(),
      dataDir: 'memory://',
    })) as PostgresHandle
    const registry = new Registry()
    let cache: HistoryCache | undefined
    cache = new HistoryCache(
      8 * 1024 * 1024,
      historyCacheObserver(registry, () => cache),
    )
    const server = { cache, handle, registry } as Server
    server.feed = new PostgresInvalidationFeed(handle.client.options, cache, {
      schedule: (reconnect) => {
        server.reconnect = reconnect
      },
    })
    const backend = evmBackend({
      indexed: new Map([[DEV_CHAIN_ID, { name: 'Ether', symbol: 'ETH', decimals: 18 }]]),
      codec: testCodec(),
    })
    server.app = await buildRoutesApp(handle, [backend], { cache })
    await until(() => server.feed.listening, 'the feed listening')
    return server
  }

  beforeAll(async () => {
    anvil = await startAnvil()
    indexerDb = await openDatabase({ databaseUrl: url(), dataDir: 'memory://' })
    await migrate(indexerDb)
    store = new ChainStore(indexerDb.db)
    indexer = new ChainIndexer({
      source: new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: anvil.rpcUrl }),
      store,
      batchSize: 4,
    })
    const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    accounts = (await wallet.getAddresses()).map((a) => a.toLowerCase() as Address)
    servers.push(await startServer(), await startServer())
    for (let i = 0; i < 5; i++) await send(accounts[0]!, accounts[1]!, BigInt(i + 1))
    await indexer.syncToHead()
  }, 120_000)
  afterAll(async () => {
    for (const server of servers) {
      await server.feed.stop()
      await server.app.close()
      await server.handle.close()
    }
    await indexerDb?.close()
    await anvil?.stop()
    await (postgres as TestPostgres | undefined)?.drop?.()
  })

  async function send(from: Address, to: Address, value: bigint) {
    const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ account: from, to, value, chain: foundry })
    const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return hash
  }

  const read = async (
    server: Server,
    address: string,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => {
    const search = new URLSearchParams({
      projectId: testProjectOf(server.app),
      chainId: CHAIN,
      limit: '3',
      ...query,
    })
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/account/${address}/history?${search}`,
      headers,
    })
    return {
      status: response.statusCode,
      etag: response.headers.etag as string | undefined,
      text: response.body,
      page: (response.body ? response.json() : null) as HistoryPage & { error?: { code: string } },
    }
  }
  const hashes = (page: HistoryPage) => page.data.map((t) => t.metadata.hash)
  /** Runs `change`, then waits until every server has applied at least one more invalidation. */
  const announced = async (change: () => Promise<unknown>) => {
    const before = servers.map((s) => s.cache.stats().invalidations)
    await change()
    await until(
      () => servers.every((s, i) => s.cache.stats().invalidations > before[i]!),
      'every server heard the change',
    )
  }

  it('answers a repeated page from the cache, counted in its metrics, with an ETag and 304', async () => {
    const [server] = servers as [Server]
    const before = server.cache.stats()
    const first = await read(server, accounts[0]!)
    const second = await read(server, accounts[0]!)
    expect(first.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(second.etag).toBe(first.etag)
    const after = server.cache.stats()
    expect(after.misses - before.misses).toBe(1)
    expect(after.hits - before.hits).toBe(1)
    const metrics = await server.registry.metrics()
    expect(metrics).toMatch(/latch_history_cache_requests_total\{outcome="hit"\} [1-9]/)
    expect(metrics).toMatch(/latch_history_cache_bytes [1-9]/)

    const unchanged = await read(server, accounts[0]!, {}, { 'if-none-match': first.etag! })
    expect(unchanged.status).toBe(304)
    expect(unchanged.text).toBe('')
    const stale = await read(server, accounts[0]!, {}, { 'if-none-match': '"not-this-page"' })
    expect(stale.status).toBe(200)
    expect(stale.text).toBe(first.text)
  })

  it('shows a newly indexed transaction on the next read on both servers', async () => {
    for (const server of servers) {
      await read(server, accounts[1]!)
      const hits = server.cache.stats().hits
      await read(server, accounts[1]!)
      expect(server.cache.stats().hits).toBe(hits + 1)
    }
    const fresh = await send(accounts[2]!, accounts[1]!, 77n)
    await announced(() => indexer.syncToHead())
    for (const server of servers) {
      const { page } = await read(server, accounts[1]!)
      expect(hashes(page)[0]).toBe(fresh)
    }
  })

  it('drops pages that read rows a reorg rolled back', async () => {
    const test = createTestClient({ chain: foundry, mode: 'anvil', transport: http(anvil.rpcUrl) })
    const kept = await store.checkpoint(DEV_CHAIN_ID)
    const snapshot = await test.snapshot()
    const orphan = await send(accounts[3]!, accounts[1]!, 99n)
    await announced(() => indexer.syncToHead())
    for (const server of servers) {
      expect(hashes((await read(server, accounts[1]!)).page)).toContain(orphan)
      expect(hashes((await read(server, accounts[1]!)).page)).toContain(orphan)
    }
    // The rollback the indexer makes on a reorg, alone: its announcement must drop the pages.
    await announced(() => store.rollback(DEV_CHAIN_ID, kept))
    for (const server of servers)
      expect(hashes((await read(server, accounts[1]!)).page)).not.toContain(orphan)
    await test.revert({ id: snapshot })
    await indexer.syncToHead()
  })

  it('bypasses the cache while its LISTEN connection is down, and misses no change made then', async () => {
    const [server] = servers as [Server]
    const account = accounts[1]!
    const cachedBefore = await read(server, account)
    await read(server, account)
    const admin = indexerDb.db
    await admin.execute(sql`select pg_terminate_backend(${server.feed.processId})`)
    await until(() => !server.feed.listening && server.reconnect !== undefined, 'the feed lost')

    // The change announced now reaches nobody on this server.
    const missed = await send(accounts[2]!, account, 55n)
    await indexer.syncToHead()
    const bypasses = server.cache.stats().bypasses
    const during = [await read(server, account), await read(server, account)]
    for (const { page } of during) expect(hashes(page)[0]).toBe(missed)
    expect(server.cache.stats().bypasses).toBe(bypasses + 2)
    expect(during[0]!.text).not.toBe(cachedBefore.text)

    const reconnect = server.reconnect as () => void
    server.reconnect = undefined
    reconnect()
    await until(() => server.feed.listening, 'the feed back')
    const misses = server.cache.stats().misses
    const { page } = await read(server, account)
    expect(hashes(page)[0]).toBe(missed)
    expect(server.cache.stats().misses).toBe(misses + 1)
    await read(server, account)
    expect(server.cache.stats().hits).toBeGreaterThan(0)
  })

  it("never answers one project, address or cursor with another's page", async () => {
    const [server] = servers as [Server]
    const buyer = accounts[1]!
    const mine = testProjectOf(server.app)
    const other = (await createProject(server.handle.db, { name: 'Other', origins: [] })).id
    const { page } = await read(server, buyer)
    const bought = page.data.find((t) => t.metadata.operationType === 'receive')
    expect(bought).toBeDefined()
    // Cached for both projects first: the purchase must reach the page of its project only.
    await read(server, buyer, { projectId: other })
    const at = new Date()
    const session = await insertSession(
      server.handle.db,
      {
        id: `s-${Date.now()}`,
        projectId: mine,
        provider: 'moonpay',
        network: CHAIN,
        asset: 'ETH',
        assetAddress: null,
        address: buyer,
        fiatCurrency: 'USD',
        fiatAmount: '50',
        paymentMethod: 'card',
      },
      at,
    )
    await announced(() =>
      applyStatus(
        server.handle.db,
        session,
        {
          status: 'completed',
          providerTxId: 'm1',
          cryptoAmount: '0.01',
          txHash: bought!.metadata.hash,
          failureReason: null,
        },
        at,
      ),
    )
    const typeOf = (p: HistoryPage) =>
      p.data.find((t) => t.metadata.hash === bought!.metadata.hash)?.metadata.operationType
    for (let i = 0; i < 2; i++) {
      expect(typeOf((await read(server, buyer)).page)).toBe('deposit')
      expect(typeOf((await read(server, buyer, { projectId: other })).page)).toBe('receive')
    }

    // A cursor answers only its own page, and only for the address it was issued for.
    const first = await read(server, buyer)
    const next = first.page.next as string
    const second = await read(server, buyer, { cursor: next })
    expect(second.status).toBe(200)
    expect(hashes(second.page).some((h) => hashes(first.page).includes(h))).toBe(false)
    expect((await read(server, buyer, { cursor: next })).text).toBe(second.text)
    const forged = `${next.slice(0, -2)}${next.endsWith('AA') ? 'AB' : 'AA'}`
    const refused = await read(server, buyer, { cursor: forged })
    expect(refused.status).toBe(400)
    expect(refused.page.error?.code).toBe('INVALID_CURSOR')
    const elsewhere = await read(server, accounts[0]!, { cursor: next })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.page.error?.code).toBe('INVALID_CURSOR')
    // Another page size is another page.
    expect((await read(server, buyer, { limit: '2' })).page.data).toHaveLength(2)
  })
})

describe('history page cache on PGlite (the in-process indexer announces to its own LISTEN)', () => {
  it('keeps a page until the indexer commits, then shows the new transaction', async () => {
    const anvil = await startAnvil()
    const db = await openTestDb('pglite')
    const handle = db.handle as PgliteHandle
    const cache = new HistoryCache(8 * 1024 * 1024)
    const feed = await PgliteInvalidationFeed.start(handle.client, cache)
    const backend = evmBackend({
      indexed: new Map([[DEV_CHAIN_ID, { name: 'Ether', symbol: 'ETH', decimals: 18 }]]),
      codec: testCodec(),
    })
    const app = await buildRoutesApp(handle, [backend], { cache })
    try {
      const indexer = new ChainIndexer({
        source: new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: anvil.rpcUrl }),
        store: new ChainStore(handle.db),
      })
      const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
      const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
      const [a, b] = (await wallet.getAddresses()) as [Address, Address]
      const sendTo = async (value: bigint) => {
        const hash = await wallet.sendTransaction({ account: a, to: b, value, chain: foundry })
        await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
        return hash
      }
      await sendTo(1n)
      await indexer.syncToHead()
      const first = await getHistory(app, b, { chainId: CHAIN })
      expect((await getHistory(app, b, { chainId: CHAIN })).body).toEqual(first.body)
      expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 })
      const fresh = await sendTo(2n)
      const invalidations = cache.stats().invalidations
      await indexer.syncToHead()
      await until(() => cache.stats().invalidations > invalidations, 'the commit announced')
      expect((await getHistory(app, b, { chainId: CHAIN })).body.data[0]?.metadata.hash).toBe(fresh)
    } finally {
      await feed.stop()
      await app.close()
      await db.close()
      await anvil.stop()
    }
  }, 60_000)
})
