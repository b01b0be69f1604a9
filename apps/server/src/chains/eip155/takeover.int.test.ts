import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import type { DatabaseHandle } from '../../db/types.js'
import { type CliProcess, spawnCli } from '../../testing/cli.js'
import { createTestPostgres, type TestPostgres } from '../../testing/postgres.js'
import { buildTestApp, compareHistoryWithChain } from './fixtures/harness.js'
import { ChainStore } from './store.js'

// One indexer per chain, whatever is started (docs/deployment.md#one-indexer): real
// `latch-server index` and `serve` processes against anvil and one Postgres database.

const postgres = await createTestPostgres()
const unavailable = 'unavailable' in postgres ? postgres.unavailable : null
if (unavailable) console.warn(`[skip] indexer takeover needs Postgres: ${unavailable}`)

const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit: '10' }
const LEASE_TAKEN = 'indexer lease taken'
const STANDING_BY = 'standing by: another indexer holds the lease'

interface LogLine {
  time: number
  msg: string
  chainId?: number
  holder?: string
  term?: number
}

const logLines = (cli: CliProcess): LogLine[] =>
  cli
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

/** Resolves with the first log line of `cli` that `match` accepts; rejects if it exits first. */
async function waitForLog(cli: CliProcess, match: (line: LogLine) => boolean): Promise<LogLine> {
  for (;;) {
    const found = logLines(cli).find(match)
    if (found) return found
    if (cli.child.exitCode !== null || cli.child.signalCode !== null)
      throw new Error(`process exited before the log line:\n${cli.stdout()}\n${cli.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Polls `check` until it returns a value other than undefined. */
async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 20_000; i++) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`never happened: ${what}`)
}

describe.skipIf(unavailable)('one indexer per chain, across processes (Postgres)', () => {
  let chain: AnvilInstance
  let decoy: AnvilInstance
  let database: DatabaseHandle
  let store: ChainStore
  let client: PublicClient
  let accounts: Address[]
  let tmp: string
  const running: CliProcess[] = []

  beforeAll(async () => {
    const pg = postgres as TestPostgres
    // A second node with the same chain id and another history: whatever an indexer reads from
    // it and writes is visible as a row the real chain does not have.
    ;[chain, decoy] = await Promise.all([
      startAnvil(),
      startAnvil({ genesisTimestamp: 1_600_000_000 }),
    ])
    database = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' })
    await migrate(database)
    store = new ChainStore(database.db)
    client = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) }) as PublicClient
    accounts = (
      await createWalletClient({ chain: foundry, transport: http(chain.rpcUrl) }).getAddresses()
    ).map((a) => a.toLowerCase() as Address)
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-takeover-'))
  })
  afterAll(async () => {
    for (const cli of running) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
    await Promise.all(running.map((cli) => cli.exited))
    await database?.close()
    await Promise.all([chain?.stop(), decoy?.stop()])
    await (postgres as TestPostgres).drop()
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  })

  const start = (args: string[], rpcUrl: string): CliProcess => {
    const cli = spawnCli(args, {
      DATABASE_URL: (postgres as TestPostgres).url,
      LATCH_DATA_DIR: tmp,
      LATCH_SERVER_PORT: '0',
      LATCH_CHAIN_RPC_URL: rpcUrl,
      LATCH_INDEX_CHAINS: `${DEV_CHAIN_ID}=${rpcUrl}`,
      // One block per batch: many commits, so the kill below lands inside one.
      LATCH_INDEX_BATCH: '1',
      // Short, for a fast takeover; long enough that a busy machine's stalls never lose it.
      LATCH_INDEX_LEASE_SECONDS: '3',
      LATCH_LOG_LEVEL: 'info',
      // Its own /metrics listener: an indexer has no public port.
      LATCH_METRICS_PORT: '0',
    })
    running.push(cli)
    return cli
  }

  /**
   * `latch-server serve` as its command builds it (buildApp on its own connection pool, the
   * default in-process indexer), in this process to spare a second boot; its log lines are kept.
   */
  const apiServer = async (rpcUrl: string) => {
    const [{ buildApp }, { loadConfig }, { createLogger }] = await Promise.all([
      import('../../app.js'),
      import('../../config.js'),
      import('../../logger.js'),
    ])
    const config = loadConfig({
      DATABASE_URL: (postgres as TestPostgres).url,
      LATCH_DATA_DIR: tmp,
      LATCH_CHAIN_RPC_URL: rpcUrl,
      LATCH_INDEX_CHAINS: `${DEV_CHAIN_ID}=${rpcUrl}`,
      LATCH_INDEX_LEASE_SECONDS: '3',
      LATCH_LOG_LEVEL: 'info',
      // Its own /metrics listener: an indexer has no public port.
      LATCH_METRICS_PORT: '0',
    })
    const lines: LogLine[] = []
    const logger = createLogger(config, {
      write: (line: string) => {
        lines.push(JSON.parse(line) as LogLine)
      },
    })
    const db = await openDatabase(config)
    const app = await buildApp({ config, db, logger })
    return {
      app,
      lines,
      async close() {
        await app.close()
        await db.close()
      },
    }
  }

  /** Sends `count` transfers among the first accounts of `rpcUrl`; resolves once all are mined. */
  const send = async (rpcUrl: string, count: number, value: bigint): Promise<Hash[]> => {
    const wallet = createWalletClient({ chain: foundry, transport: http(rpcUrl) })
    const hashes: Hash[] = []
    for (let i = 0; i < count; i++)
      hashes.push(
        await wallet.sendTransaction({
          account: accounts[i % 4]!,
          to: accounts[(i + 1) % 4]!,
          value: value + BigInt(i),
          chain: foundry,
        }),
      )
    const node = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
    await node.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 20 })
    return hashes
  }
  const checkpoint = async () => (await store.checkpoint(DEV_CHAIN_ID))?.number ?? -1
  const head = async () => Number(await client.getBlockNumber({ cacheTime: 0 }))
  /** True while some other session is inside an indexer batch's transaction. */
  const batchInFlight = async () => {
    const result = (await database.db.execute(sql`
      select 1 from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null
        and query ~ 'chain_(blocks|transactions|events|account_transactions|tokens|nfts|checkpoints)'`)) as unknown as {
      rows: unknown[]
    }
    return result.rows.length > 0
  }

  it('lets one write while the other stands by, then the standby takes over a leader killed mid-batch', {
    timeout: 120_000,
  }, async () => {
    await send(chain.rpcUrl, 12, 1_000n)
    const first = start(['index'], chain.rpcUrl)
    const second = start(['index'], chain.rpcUrl)
    // Built while the indexers boot; it starts indexing only once it listens.
    const decoyHashes = await send(decoy.rpcUrl, 6, 7_000n)
    const api = apiServer(decoy.rpcUrl)
    const taken = await Promise.race(
      [first, second].map((cli) =>
        waitForLog(cli, (l) => l.msg.startsWith(LEASE_TAKEN)).then(() => cli),
      ),
    )
    const leader = taken
    const standby = taken === first ? second : first
    await waitForLog(standby, (l) => l.msg.startsWith(STANDING_BY))
    const leaderLine = logLines(leader).find((l) => l.msg.startsWith(LEASE_TAKEN))!

    // An API server left at the default in-process indexer, following the decoy node: it must
    // stand by while `latch-server index` holds the lease, so none of the decoy's rows appear.
    const { app: apiApp, lines, close } = await api
    await apiApp.listen({ port: 0, host: '127.0.0.1' })
    const apiStandby = await until(
      async () => lines.find((l) => l.msg.startsWith(STANDING_BY)),
      'the API server standing by',
    )
    expect(apiStandby.holder).toBe(leaderLine.holder)
    // The leader keeps indexing the real chain meanwhile.
    await send(chain.rpcUrl, 6, 2_000n)
    const upTo = await head()
    await until(async () => ((await checkpoint()) >= upTo ? true : undefined), 'leader caught up')
    await close()
    expect(lines.filter((l) => l.msg === 'indexed')).toEqual([])
    expect(lines.some((l) => l.msg.startsWith(LEASE_TAKEN))).toBe(false)

    // Kill the leader inside a batch's transaction: a burst gives it many to write.
    let killedAt = 0
    let killedAtBlock = -1
    for (let attempt = 0; attempt < 5 && killedAt === 0; attempt++) {
      await send(chain.rpcUrl, 40, 3_000n + BigInt(attempt) * 100n)
      const target = await head()
      const inFlight = await until(
        async () =>
          (await batchInFlight()) ? true : (await checkpoint()) >= target ? false : undefined,
        'a batch in flight',
      )
      if (!inFlight) continue
      leader.child.kill('SIGKILL')
      killedAt = Date.now()
      killedAtBlock = await checkpoint()
    }
    expect(killedAt).toBeGreaterThan(0)
    expect(await leader.exited).toBe('SIGKILL')
    const takeover = await waitForLog(
      standby,
      (l) => l.msg.startsWith(LEASE_TAKEN) && l.time >= killedAt,
    )
    console.log(`[measure] indexer takeover: ${takeover.time - killedAt} ms`)
    expect(takeover.term).toBe((leaderLine.term ?? 0) + 1)

    const last = await head()
    expect(killedAtBlock).toBeLessThan(last)
    await until(async () => ((await checkpoint()) === last ? true : undefined), 'standby at head')
    // What an operator scrapes from the indexer that leads now: the height it wrote, no lag.
    const metricsUrl = /metrics at (http:\/\/\S+\/metrics)/.exec(standby.stdout())?.[1]
    expect(metricsUrl).toBeDefined()
    const scraped = await (await fetch(metricsUrl as string)).text()
    expect(scraped).toContain(`latch_indexer_height{chain="eip155:${DEV_CHAIN_ID}"} ${last}`)
    expect(scraped).toContain(`latch_indexer_lag_blocks{chain="eip155:${DEV_CHAIN_ID}"} 0`)
    expect(scraped).toContain('latch_process_cpu_user_seconds_total')
    standby.child.kill('SIGTERM')
    expect(await standby.exited).toBe(0)

    // Every transaction of the chain exactly once, none from the decoy.
    const app = await buildTestApp(database, [DEV_CHAIN_ID])
    try {
      expect(await compareHistoryWithChain(app, client, accounts.slice(0, 4), query)).toEqual([])
    } finally {
      await app.close()
    }
    const counts = (await database.db.execute(sql`
        select count(*)::int as rows, count(distinct hash)::int as hashes
        from chain_transactions where chain_id = ${DEV_CHAIN_ID}`)) as unknown as {
      rows: { rows: number; hashes: number }[]
    }
    let onChain = 0
    for (let n = 0; n <= last; n++)
      onChain += (await client.getBlockTransactionCount({ blockNumber: BigInt(n) })) as number
    expect(counts.rows[0]).toEqual({ rows: onChain, hashes: onChain })
    const decoyRows = (await database.db.execute(sql`
        select count(*)::int as n from chain_transactions
        where hash = any(${sql.param(decoyHashes)}::text[])`)) as unknown as {
      rows: { n: number }[]
    }
    expect(decoyRows.rows[0]!.n).toBe(0)
    // The clean stop handed the lease back at once.
    const lease = (await database.db.execute(sql`
        select holder, expires_at <= clock_timestamp() as lapsed from chain_index_leases
        where chain_id = ${DEV_CHAIN_ID}`)) as unknown as {
      rows: { holder: string; lapsed: boolean }[]
    }
    expect(lease.rows[0]).toEqual({ holder: takeover.holder, lapsed: true })
  })
})
