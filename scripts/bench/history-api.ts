/**
 * Load benchmark of GET /v1/account/:address/history (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts [--txs 1000000] [--backend postgres|pglite|both] [--duration 15]
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts --through-proxy [--txs 1000000] [--duration 60]
 *
 * `--through-proxy`: Postgres only, through the production-shaped stack — two `latch-server
 * serve` behind nginx, Redis for the rate limits (history/proxy.ts) — instead of the history
 * routes alone; the requests spread over many projects so no rate limit answers 429.
 *
 * Fills a fresh database with synthetic transactions (Postgres: a new database on
 * DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test, dropped afterwards; PGlite: a temp
 * folder), serves the history routes from a child process, and drives them with autocannon
 * (1 connection, then 10) over a mix of first pages and deep cursor pages of ordinary and heavy accounts.
 * Goal: p99 ≤ 10 ms on Postgres.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { CursorCodec } from '../../apps/server/src/chains/shared/cursor.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import type { DatabaseHandle } from '../../apps/server/src/db/types.js'
import { startProxyTarget } from './history/proxy.js'
import {
  accountAddress,
  BENCH_CHAIN_ID,
  fillSynthetic,
  HEAVY_ACCOUNTS,
} from './history/synthetic.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const TXS = Number(arg('txs', '1000000'))
const ACCOUNTS = Math.max(100, Math.round(TXS / 50))
const THROUGH_PROXY = args.includes('--through-proxy')
const DURATION = Number(arg('duration', THROUGH_PROXY ? '60' : '15'))
const BACKENDS =
  arg('backend', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('backend', 'postgres')]
const SECRET = `bench-${randomBytes(8).toString('hex')}`
const PG_BASE = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test'

interface Target {
  name: string
  open(): Promise<DatabaseHandle>
  env: Record<string, string>
  cleanup(): Promise<void>
}

async function postgresTarget(): Promise<Target> {
  const name = `latch_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_BASE })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_BASE)
  url.pathname = `/${name}`
  return {
    name: 'Postgres',
    open: () => openDatabase({ databaseUrl: url.href, dataDir: 'memory://' }),
    env: { BENCH_DATABASE_URL: url.href },
    async cleanup() {
      const client = new pg.Client({ connectionString: PG_BASE })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
  return {
    name: 'PGlite',
    open: () => openDatabase({ databaseUrl: undefined, dataDir: dir }),
    env: { BENCH_PGLITE_DIR: dir },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** First pages and cursor pages at random depths; heavy accounts get most of the deep ones. */
async function requestPaths(db: DatabaseHandle['db'], secret = SECRET): Promise<string[]> {
  const codec = new CursorCodec(secret)
  const paths: string[] = []
  let seed = 7
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % n
  }
  const accounts = [
    ...Array.from({ length: HEAVY_ACCOUNTS }, (_, i) => i),
    ...Array.from({ length: 400 }, () => HEAVY_ACCOUNTS + random(ACCOUNTS - HEAVY_ACCOUNTS)),
  ]
  for (const n of accounts) {
    const address = accountAddress(n)
    const chain = `eip155:${BENCH_CHAIN_ID}`
    paths.push(`/v1/account/${address}/history?projectId=bench&chainId=${chain}`)
    const rows = (await db.execute(sql`
      select count(*)::int as n from chain_account_transactions where chain_id = ${BENCH_CHAIN_ID} and address = ${address}`)) as unknown as {
      rows: { n: number }[]
    }
    const total = rows.rows[0]?.n ?? 0
    for (let k = 0; k < (n < HEAVY_ACCOUNTS ? 100 : 2) && total > 50; k++) {
      const offset = random(total - 1)
      const at = (await db.execute(sql`
        select mined_at::float8 as m, block_number::float8 as b, tx_index as i from chain_account_transactions
        where chain_id = ${BENCH_CHAIN_ID} and address = ${address}
        order by mined_at desc, block_number desc, tx_index desc offset ${offset} limit 1`)) as unknown as {
        rows: { m: number; b: number; i: number }[]
      }
      const row = at.rows[0]
      if (!row) continue
      const cursor = codec.encode(
        { address, chainId: BENCH_CHAIN_ID },
        { minedAt: row.m, block: row.b, txIndex: row.i, chainId: BENCH_CHAIN_ID },
      )
      paths.push(`/v1/account/${address}/history?projectId=bench&chainId=${chain}&cursor=${cursor}`)
    }
  }
  return paths
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=latch-source', path.join(here, 'history/server.ts')],
    {
      env: { ...process.env, ...env, BENCH_CURSOR_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      out += chunk
      const match = /listening on (\S+)/.exec(out)
      if (match) resolve({ url: match[1]!, child })
    })
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
}

const results: string[] = []

/**
 * A warm-up, then one connection (a request's own latency) and ten (throughput, and queueing on
 * 2 cores), each for DURATION s. `projectIds` rotate through the requests' `projectId`.
 */
async function measure(
  name: string,
  url: string,
  paths: string[],
  options: { headers?: Record<string, string>; projectIds?: string[] } = {},
) {
  let next = 0
  let project = 0
  const projectIds = options.projectIds ?? ['bench']
  const setupRequest = (request: { path: string; method: string }) => ({
    ...request,
    path: paths[next++ % paths.length]!.replace(
      'projectId=bench',
      `projectId=${projectIds[project++ % projectIds.length]}`,
    ),
  })
  const requests = [{ method: 'GET' as const, setupRequest }]
  const headers = options.headers ?? {}
  await autocannon({ url, connections: 10, duration: 3, headers, requests })
  for (const connections of [1, 10]) {
    const result = await autocannon({ url, connections, duration: DURATION, headers, requests })
    const bad = result.non2xx + result.errors + result.timeouts
    const rps = Math.round(result.requests.average)
    const { p50, p90, p99, average: mean, max } = result.latency
    console.log(
      `  ${connections} connection(s): p50 ${p50} ms, p99 ${p99} ms (p90 ${p90}, mean ${mean}, max ${max} ms), ${rps} req/s, ${result.requests.total} requests in ${DURATION} s, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    )
    results.push(
      `| ${name} | ${TXS.toLocaleString('en')} | ${connections} | ${p50} ms | ${p99} ms | ${rps} | ${bad} |`,
    )
  }
}

/** Postgres behind nginx and two whole servers (history/proxy.ts). */
async function throughProxy() {
  console.log(
    `\nPostgres through nginx, two servers: ${TXS.toLocaleString('en')} synthetic transactions, ${ACCOUNTS.toLocaleString('en')} accounts`,
  )
  const target = await startProxyTarget()
  try {
    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: 'memory://' })
    const started = performance.now()
    await fillSynthetic(db.db, { transactions: TXS, accounts: ACCOUNTS }, console.log)
    console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const paths = await requestPaths(db.db, target.cursorSecret)
    await db.close()
    console.log(
      `  ${paths.length} distinct requests over ${target.projectIds.length} projects (first pages and cursor pages, 50 items each)`,
    )
    // A 200 with no items would measure nothing: the heavy account's first page must be full.
    const first = paths[0]!.replace('projectId=bench', `projectId=${target.projectIds[0]}`)
    const page = await fetch(`${target.url}${first}`, { headers: target.headers })
    const items = ((await page.json()) as { data?: unknown[] }).data?.length ?? 0
    if (page.status !== 200 || items !== 50)
      throw new Error(`through the proxy, ${first} answered ${page.status} with ${items} items`)
    await measure('Postgres, nginx + 2 servers', target.url, paths, target)
  } finally {
    await target.stop()
  }
}

for (const backend of THROUGH_PROXY ? [] : BACKENDS) {
  const target = backend === 'pglite' ? await pgliteTarget() : await postgresTarget()
  try {
    console.log(
      `\n${target.name}: ${TXS.toLocaleString('en')} synthetic transactions, ${ACCOUNTS.toLocaleString('en')} accounts`,
    )
    const db = await target.open()
    const started = performance.now()
    await migrate(db)
    await fillSynthetic(db.db, { transactions: TXS, accounts: ACCOUNTS }, console.log)
    console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const paths = await requestPaths(db.db)
    await db.close()
    console.log(`  ${paths.length} distinct requests (first pages and cursor pages, 50 items each)`)

    const server = await startServer(target.env)
    try {
      await measure(target.name, server.url, paths)
    } finally {
      server.child.kill('SIGTERM')
      await new Promise((r) => server.child.once('exit', r))
    }
  } finally {
    await target.cleanup()
  }
}
if (THROUGH_PROXY) await throughProxy()
console.log(
  '\n| database | transactions | connections | p50 | p99 | req/s | non-2xx |\n|---|---|---|---|---|---|---|',
)
for (const line of results) console.log(line)
console.log('\nGoal: p99 ≤ 10 ms on Postgres.')
