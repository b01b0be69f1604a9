/**
 * Load benchmark of GET /v1/account/:address/history (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts [--txs 1000000] [--backend postgres|pglite|both] [--duration 15]
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts --through-proxy [--txs 1000000] [--duration 60]
 *     [--database latch_bench_history] [--connections 1,10] [--via proxy,direct] [--nginx-timings] [--rate N]
 *     [--server-env K=V,…] [--hold /tmp/target.json]
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts --target /tmp/target.json[,/tmp/other.json] [--via …] [--connections …]
 *     [--pages repeat,distinct]
 *   npx tsx --conditions=latch-source scripts/bench/history-api.ts --through-proxy --cache off,on [--pages repeat,distinct]
 *
 * The API servers' history page cache (LATCH_HISTORY_CACHE_MB): `--cache off,on` starts the
 * stack once per setting, one after the other; a held stack is off with
 * `--server-env LATCH_HISTORY_CACHE_MB=0`. `--pages repeat`: each page always asked by the same
 * project (the 1,402 pages come back every 1,402 requests: a cache answers them); `distinct`: no
 * (project, page) pair comes back within a run (what the figures before the cache measured).
 * Both are printed, with the servers' hit/miss/bypass counts beside each line.
 *
 * `--through-proxy`: Postgres only, through the production-shaped stack — two `latch-server
 * serve` behind nginx, Redis for the rate limits (history/proxy.ts) — instead of the history
 * routes alone; the requests spread over many projects so no rate limit answers 429. Each
 * figure is taken through nginx and then straight to one of the servers, back to back, with the
 * servers' own mean (their `/metrics`) beside autocannon's. The rows live in `--database`,
 * created and filled on the first run and reused after. `--hold` keeps the stack up and writes
 * its addresses; `--target` measures such a held stack again (several runs, one fill).
 *
 * Fills a fresh database with synthetic transactions (Postgres: a new database on
 * DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test, dropped afterwards; PGlite: a temp
 * folder), serves the history routes from a child process, and drives them with autocannon
 * (1 connection, then 10) over a mix of first pages and deep cursor pages of ordinary and heavy accounts.
 * Goal: p99 ≤ 10 ms on Postgres.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { CursorCodec } from '../../apps/server/src/chains/shared/cursor.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import type { DatabaseHandle } from '../../apps/server/src/db/types.js'
import { backendsOf, type CpuGroups, childrenOf, listenerPid } from './history/cpu.js'
import { describe, type RunTarget, run } from './history/measure.js'
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
const DATABASE = arg('database', 'latch_bench_history')
const CONNECTIONS = arg('connections', '1,10').split(',').map(Number)
/** `--hold FILE`: start the stack, write what `--target FILE` needs, and wait for Ctrl-C. */
const HOLD = arg('hold', '')
const TARGET = arg('target', '')
/** `--via proxy,direct`: through nginx, or straight to the first server (default both). */
const VIA = arg('via', 'proxy,direct').split(',')
const NGINX_TIMINGS = args.includes('--nginx-timings')
/** `--server-env K=V,K=V`: more environment for the stack's API servers. */
const SERVER_ENV = Object.fromEntries(
  arg('server-env', '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
)
/** `--pages repeat,distinct`: which request mixes to measure (measure.ts RunTarget.pages). */
const PAGES = arg('pages', 'repeat,distinct').split(',') as ('repeat' | 'distinct')[]
/** `--cache off,on`: with `--through-proxy`, one stack per setting (else the servers' default). */
const CACHE = arg('cache', '').split(',').filter(Boolean)
/** `--rate N`: hold N requests per second over the run (measure.ts RunTarget.rate). */
const RATE = Number(arg('rate', '0')) || undefined
const BACKENDS =
  arg('backend', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('backend', 'postgres')]
const SECRET = `bench-${randomBytes(8).toString('hex')}`
const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'
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
 * `repeat`: asks every page once of each server, so the run measures pages asked again (what
 * the cache is for), not the first 2 × 1,402 misses. Costs nothing to measure with the cache off.
 */
async function warm(target: RunTarget) {
  const projectIds = target.projectIds ?? ['bench']
  const urls = target.metrics?.urls ?? [target.url]
  const jobs = urls.flatMap((url) =>
    target.paths.map(
      (p, i) =>
        `${url}${p.replace('projectId=bench', `projectId=${projectIds[i % projectIds.length]}`)}`,
    ),
  )
  const started = performance.now()
  const worker = async () => {
    for (let job = jobs.pop(); job; job = jobs.pop()) {
      const response = await fetch(job, { headers: target.headers ?? {} })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`warm-up: ${job} answered ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  console.log(
    `  warm-up: every page once per server in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

/** A warm-up, then each of CONNECTIONS (1: a request's own latency; 10: throughput and queueing). */
async function measure(name: string, target: RunTarget, cache = '') {
  if (target.pages === 'repeat') await warm(target)
  await run(target, 10, 3)
  for (const connections of CONNECTIONS) {
    const r = await run(target, connections, DURATION)
    console.log(describe(name, r))
    const hits = r.cache ? `${r.cache.hit}/${r.cache.hit + r.cache.miss + r.cache.bypass}` : ''
    results.push(
      `| ${name} | ${cache} | ${target.pages ?? 'distinct'} | ${TXS.toLocaleString('en')} | ${connections} | ${r.p50} ms | ${r.p99} ms | ${r.rps} | ${r.non2xx + r.errors + r.timeouts} | ${hits} | ${r.load[0].toFixed(1)} |`,
    )
  }
}

/** What `--hold` writes and `--target` reads: a running stack's addresses and requests. */
interface HeldTarget {
  url: string
  databaseUrl: string
  pids: { servers: number[]; nginx: number | undefined }
  serverUrls: string[]
  metricsToken: string
  timingsLog: string | undefined
  headers: Record<string, string>
  projectIds: string[]
  paths: string[]
  /** The servers' LATCH_HISTORY_CACHE_MB ('' in files held before the cache: its default). */
  cache?: string
}

/** Where the CPU goes: each server, nginx (master and worker), the pools' backends, Redis. */
function cpuGroups(held: HeldTarget): CpuGroups {
  const redis = listenerPid(Number(new URL(REDIS_URL).port || 6379))
  const nginx = held.pids.nginx
  return {
    ...Object.fromEntries(held.pids.servers.map((pid, i) => [`server ${i + 1}`, () => [pid]])),
    ...(nginx ? { nginx: () => [nginx, ...childrenOf(nginx)] } : {}),
    postgres: () => backendsOf(held.databaseUrl),
    ...(redis ? { 'redis (shared)': () => [redis] } : {}),
  }
}

/** Through nginx, then straight to one server (same requests), back to back. */
async function measureHeld(held: HeldTarget) {
  const common = {
    paths: held.paths,
    headers: held.headers,
    projectIds: held.projectIds,
    metrics: { urls: held.serverUrls, token: held.metricsToken },
    cpu: cpuGroups(held),
    rate: RATE,
  }
  const cache = held.cache === '0' ? 'off' : `on${held.cache ? ` (${held.cache} MB)` : ''}`
  console.log(`\n  cache ${cache}`)
  for (const pages of PAGES)
    for (const via of VIA) {
      if (via === 'proxy')
        await measure(
          'nginx + 2 servers',
          { ...common, pages, url: held.url, timingsLog: held.timingsLog },
          cache,
        )
      else await measure('1 server, direct', { ...common, pages, url: held.serverUrls[0]! }, cache)
    }
}

/** The rows are filled once per database and kept: refilled only when the count differs. */
async function fillOnce(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  try {
    const counted = (await db.db.execute(
      sql`select count(*)::int as n from chain_transactions where chain_id = ${BENCH_CHAIN_ID}`,
    )) as unknown as { rows: { n: number }[] }
    if (counted.rows[0]?.n === TXS) {
      console.log(`  ${TXS.toLocaleString('en')} rows already there: reused`)
      return
    }
    for (const table of ['chain_events', 'chain_account_transactions', 'chain_transactions'])
      await db.db.execute(sql.raw(`delete from ${table} where chain_id = ${BENCH_CHAIN_ID}`))
    const started = performance.now()
    await fillSynthetic(db.db, { transactions: TXS, accounts: ACCOUNTS }, console.log)
    console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await db.close()
  }
}

/** Postgres behind nginx and two whole servers (history/proxy.ts), on a database kept between runs. */
async function throughProxy(serverEnv: Record<string, string>) {
  const databaseUrl = new URL(PG_BASE)
  databaseUrl.pathname = `/${DATABASE}`
  console.log(
    `\nPostgres (${DATABASE}) through nginx, two servers: ${TXS.toLocaleString('en')} synthetic transactions, ${ACCOUNTS.toLocaleString('en')} accounts`,
  )
  const target = await startProxyTarget({
    databaseUrl: databaseUrl.href,
    serverEnv,
    nginxTimings: NGINX_TIMINGS,
  })
  try {
    await fillOnce(target.databaseUrl)
    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: 'memory://' })
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
    const held: HeldTarget = { ...target, paths, cache: serverEnv.LATCH_HISTORY_CACHE_MB ?? '' }
    if (HOLD) {
      writeFileSync(HOLD, JSON.stringify(held))
      console.log(
        `  holding: ${HOLD} (nginx ${target.url}, servers ${target.serverUrls.join(' ')}); Ctrl-C stops`,
      )
      await new Promise((resolve) => {
        process.once('SIGINT', resolve)
        process.once('SIGTERM', resolve)
      })
    } else await measureHeld(held)
  } finally {
    await target.stop()
  }
}

for (const backend of THROUGH_PROXY || TARGET ? [] : BACKENDS) {
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
      await measure(target.name, { url: server.url, paths })
    } finally {
      server.child.kill('SIGTERM')
      await new Promise((r) => server.child.once('exit', r))
    }
  } finally {
    await target.cleanup()
  }
}
if (TARGET)
  for (const file of TARGET.split(','))
    await measureHeld(JSON.parse(readFileSync(file, 'utf8')) as HeldTarget)
else if (THROUGH_PROXY)
  for (const cache of CACHE.length ? CACHE : [''])
    await throughProxy(
      cache === ''
        ? SERVER_ENV
        : {
            ...SERVER_ENV,
            LATCH_HISTORY_CACHE_MB: cache === 'off' ? '0' : cache === 'on' ? '128' : cache,
          },
    )
console.log(
  '\n| target | cache | pages | transactions | connections | p50 | p99 | req/s | failed | cache hits | load |\n|---|---|---|---|---|---|---|---|---|---|---|',
)
for (const line of results) console.log(line)
console.log('\nGoal: p99 ≤ 10 ms on Postgres.')
