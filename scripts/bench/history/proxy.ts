/**
 * `--through-proxy` for the history benchmark: the production-shaped stack (two `latch-server
 * serve` behind nginx on Postgres and Redis, scripts/production/stack.ts) instead of the history
 * routes alone, so the figures include nginx, the project scope, the rate limit's Redis round
 * trip and the whole server.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { APP_ORIGIN, type ProductionStack, startProductionStack } from '../../production/stack.js'

/**
 * Read routes allow 600 requests a minute per client and project (apps/server/src/http/rate-limit.ts), and
 * every request through nginx comes from one address: the load spreads over this many projects
 * so a minute at 5,000 req/s (300,000) stays under the limit (500 × 600).
 */
export const BENCH_PROJECTS = 500

export interface ProxyTarget {
  url: string
  /** Each API server's own address: the same requests without nginx. */
  serverUrls: string[]
  /** Bearer token of the servers' `/metrics` (on their public port, LATCH_METRICS_TOKEN). */
  metricsToken: string
  /** The processes whose CPU time a run reads: both servers, nginx's master. */
  pids: { servers: number[]; nginx: number | undefined }
  /** nginx's timings.log, when asked for. */
  timingsLog: string | undefined
  databaseUrl: string
  cursorSecret: string
  /** What every request carries: a page of the projects' allowed origin. */
  headers: Record<string, string>
  projectIds: string[]
  stop(): Promise<void>
}

export class StackUnavailableError extends Error {
  override name = 'StackUnavailableError'
}

export interface ProxyTargetOptions {
  /** The database to serve, created when missing and kept: the rows are filled once. */
  databaseUrl: string
  /** More environment for the API servers (NODE_OPTIONS=--cpu-prof, a pool size). */
  serverEnv?: Record<string, string>
  /** nginx also logs each request's timings (the stack's `timingsLogPath`). */
  nginxTimings?: boolean
}

/** Creates the database named in `url` unless it exists (through the server's `test` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  const admin = new URL(url)
  admin.pathname = '/test'
  const client = new pg.Client({ connectionString: admin.href })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
}

/**
 * Starts the stack without an indexer (the synthetic rows are on the dev chain's id, and nothing
 * may index over them — a reorg check against a fresh anvil would delete them) on the given
 * database, and writes its projects straight into it: the admin API allows 60 calls a minute.
 */
export async function startProxyTarget(options: ProxyTargetOptions): Promise<ProxyTarget> {
  await ensureDatabase(options.databaseUrl)
  const metricsToken = randomBytes(16).toString('hex')
  const outcome = await startProductionStack({
    databaseUrl: options.databaseUrl,
    indexer: false,
    nginxTimings: options.nginxTimings === true,
    // nginx closes a client connection after its 1,000th request (keepalive_requests). autocannon
    // 8 writes its next request on the closing socket and keeps it queued when it reconnects, so
    // every later response is timed from the request before it: after k closes a latency reads
    // k + 1 times too long, and the request lost on the closed socket counts as an error — the
    // "1 connection, 245 req/s but mean 11.3 ms" of the first runs (docs/benchmarks.md).
    // Browsers reconnect without that fault; the benchmark's long-lived connections never close.
    nginxKeepaliveRequests: 10_000_000,
    serverEnv: { LATCH_METRICS_TOKEN: metricsToken, ...options.serverEnv },
  })
  if ('unavailable' in outcome) throw new StackUnavailableError(outcome.unavailable)
  const stack: ProductionStack = outcome
  try {
    const projectIds = Array.from(
      { length: BENCH_PROJECTS },
      (_, i) => `bench-${String(i).padStart(4, '0')}`,
    )
    const client = new pg.Client({ connectionString: stack.databaseUrl })
    await client.connect()
    try {
      await client.query(
        `insert into projects (id, name, allowed_origins)
         select id, id, array[$2::text] from unnest($1::text[]) as id
         on conflict do nothing`,
        [projectIds, APP_ORIGIN],
      )
    } finally {
      await client.end()
    }
    return {
      url: stack.proxyUrl,
      serverUrls: stack.servers.map((s) => s.url),
      metricsToken,
      pids: {
        servers: stack.servers.map((s) => s.cli.child.pid).filter((p) => p !== undefined),
        nginx: stack.nginxPid,
      },
      timingsLog: options.nginxTimings ? stack.timingsLogPath : undefined,
      databaseUrl: stack.databaseUrl,
      cursorSecret: stack.cursorSecret,
      headers: { origin: APP_ORIGIN },
      projectIds,
      stop: () => stack.stop(),
    }
  } catch (error) {
    await stack.stop()
    throw error
  }
}
