/**
 * `--through-proxy` for the history benchmark: the production-shaped stack (two `latch-server
 * serve` behind nginx on Postgres and Redis, scripts/production/stack.ts) instead of the history
 * routes alone, so the figures include nginx, the project scope, the rate limit's Redis round
 * trip and the whole server.
 */
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

/**
 * Starts the stack with its indexer stopped (the synthetic rows are on the dev chain's id, and
 * nothing may index over them) and its projects written straight into the database: the admin
 * API allows 60 calls a minute.
 */
export async function startProxyTarget(): Promise<ProxyTarget> {
  const outcome = await startProductionStack()
  if ('unavailable' in outcome) throw new StackUnavailableError(outcome.unavailable)
  const stack: ProductionStack = outcome
  try {
    await stack.killIndexer()
    const projectIds = Array.from(
      { length: BENCH_PROJECTS },
      (_, i) => `bench-${String(i).padStart(4, '0')}`,
    )
    const client = new pg.Client({ connectionString: stack.databaseUrl })
    await client.connect()
    try {
      await client.query(
        `insert into projects (id, name, allowed_origins)
         select id, id, array[$2::text] from unnest($1::text[]) as id`,
        [projectIds, APP_ORIGIN],
      )
    } finally {
      await client.end()
    }
    return {
      url: stack.proxyUrl,
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
