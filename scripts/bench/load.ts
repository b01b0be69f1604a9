/**
 * Load run of the whole server (not a test: it prints numbers), as issue #13 asks: the history
 * endpoint and the RPC proxy, each held for --duration seconds (default 60), on Postgres, with every
 * protection on (project scope, CORS, rate limits, the proxy's allow-list and call budget).
 *
 *   npx tsx --conditions=latch-source scripts/bench/load.ts [--duration 60] [--txs 100000] [--connections 10]
 *
 * Loopback only and bounded: a fresh database on DATABASE_URL_TEST (or the local `test` server's),
 * dropped afterwards; one anvil; `latch-server serve` in a child process behind
 * LATCH_TRUST_PROXY=127.0.0.1, so that each request can stand for another client
 * (X-Forwarded-For) and the per-client limits do not cut the run short. Zero errors is the goal.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { CALLS_PER_PROJECT_PER_MINUTE } from '../../apps/server/src/auth/rpc-proxy.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import { createProject } from '../../apps/server/src/provider-services/projects.js'
import { startAnvil } from '../devchain/anvil.js'
import { accountAddress, BENCH_CHAIN_ID, fillSynthetic } from './history/synthetic.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const DURATION = Number(arg('duration', '60'))
const TXS = Number(arg('txs', '100000'))
const CONNECTIONS = Number(arg('connections', '10'))
const ACCOUNTS = Math.max(100, Math.round(TXS / 50))
const PG_BASE = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test'
const ORIGIN = 'https://load.example'

const name = `latch_load_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: PG_BASE })
await admin.connect()
await admin.query(`create database ${name}`)
await admin.end()
const databaseUrl = Object.assign(new URL(PG_BASE), { pathname: `/${name}` }).href
const anvil = await startAnvil()
let server: ChildProcess | undefined

try {
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  await migrate(db)
  await fillSynthetic(db.db, { transactions: TXS, accounts: ACCOUNTS }, () => {})
  const project = await createProject(db.db, { name: 'Load', origins: [ORIGIN] })
  await db.close()

  server = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=latch-source', 'apps/server/src/cli.ts', 'serve'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        LATCH_SERVER_PORT: '0',
        LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
        // The synthetic history stays as filled: nothing indexes over it.
        LATCH_INDEXER: 'off',
        LATCH_TRUST_PROXY: '127.0.0.1',
        LATCH_LOG_LEVEL: 'error',
        LATCH_DATA_DIR: 'memory://',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const child = server
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk) => {
      out += chunk
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })

  let n = 0
  /** Every request from another client, as behind a proxy: limits per client stay per client. */
  const client = () => ({
    origin: ORIGIN,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
  })
  const runs = [
    {
      name: 'GET /v1/account/:address/history (first pages, Postgres)',
      request: () => ({
        method: 'GET' as const,
        path: `/v1/account/${accountAddress(n % ACCOUNTS)}/history?projectId=${project.id}&chainId=eip155:${BENCH_CHAIN_ID}`,
        headers: client(),
      }),
    },
    {
      name: 'POST /v1/ (RPC proxy: eth_blockNumber to anvil)',
      // One project may make 30,000 proxy calls a minute (CALLS_PER_PROJECT_PER_MINUTE): the run
      // holds a rate under that budget; past it the answer is 429 by design.
      rate: Math.floor((CALLS_PER_PROJECT_PER_MINUTE / 60) * 0.9),
      request: () => ({
        method: 'POST' as const,
        path: `/v1/?chainId=eip155:31337&projectId=${project.id}`,
        headers: { ...client(), 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'eth_blockNumber' }),
      }),
    },
  ]
  console.log(
    `load: ${TXS.toLocaleString('en')} synthetic transactions over ${ACCOUNTS.toLocaleString('en')} accounts, ${CONNECTIONS} connections, ${DURATION} s per route`,
  )
  for (const run of runs) {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: () => run.request() }],
      ...('rate' in run ? { overallRate: run.rate } : {}),
    })
    const bad = result.non2xx + result.errors + result.timeouts
    console.log(
      `  ${run.name}: ${Math.round(result.requests.average)} req/s held for ${DURATION} s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, errors ${bad}`,
    )
  }
} finally {
  server?.kill('SIGTERM')
  await anvil.stop()
  const cleanup = new pg.Client({ connectionString: PG_BASE })
  await cleanup.connect()
  await cleanup.query(`drop database if exists ${name} with (force)`)
  await cleanup.end()
}
