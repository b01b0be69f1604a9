import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { MIGRATIONS_FOLDER } from '../db/migrate.js'
import { withTimeout } from '../timeout.js'

// A dependency that hangs is as down as one that refuses; the probe must answer either way,
// inside a kubelet's default 1 s … 10 s probe timeouts.
const CHECK_TIMEOUT_MS = 3_000

type CheckState = 'ok' | 'failed' | 'pending' | 'unknown'

export interface ReadyBody {
  status: 'ready' | 'not_ready'
  checks: { database: CheckState; migrations: CheckState; redis?: CheckState }
}

const readySchema = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  checks: Type.Object({
    database: Type.Enum(['ok', 'failed']),
    migrations: Type.Enum(['ok', 'pending', 'unknown'], {
      description: 'pending: this build has migrations the database has not run',
    }),
    redis: Type.Optional(Type.Enum(['ok', 'failed'], { description: 'Only with REDIS_URL' })),
  }),
})

/** The newest migration this build ships, as drizzle records it (its folder's timestamp). */
const newestMigration = Math.max(
  0,
  ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
)

/** Whether drizzle's journal in the database has reached this build's newest migration. */
async function migrationsDone(app: FastifyInstance): Promise<boolean> {
  try {
    const result = (await app.db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | number | null }[] }
    return Number(result.rows[0]?.newest ?? 0) >= newestMigration
  } catch {
    // No journal table: this database was never migrated.
    return false
  }
}

async function check(run: () => Promise<unknown>, what: string, app: FastifyInstance) {
  try {
    await withTimeout(run(), CHECK_TIMEOUT_MS, what)
    return true
  } catch (error) {
    app.log.warn({ err: error }, `readiness: ${what} did not answer`)
    return false
  }
}

/** Runs the readiness checks; migrations, once seen done, stay done for this process. */
function readiness(app: FastifyInstance): () => Promise<ReadyBody> {
  let migrated = false
  return async () => {
    const redis = app.rateLimitRedis
    const [database, redisOk] = await Promise.all([
      check(() => app.database.ping(), 'database', app),
      redis ? check(() => redis.ping(), 'redis', app) : Promise.resolve(undefined),
    ])
    if (database && !migrated) migrated = await migrationsDone(app)
    const checks: ReadyBody['checks'] = {
      database: database ? 'ok' : 'failed',
      migrations: migrated ? 'ok' : database ? 'pending' : 'unknown',
      ...(redisOk === undefined ? {} : { redis: redisOk ? 'ok' : 'failed' }),
    }
    const ready = database && migrated && redisOk !== false
    return { status: ready ? 'ready' : 'not_ready', checks }
  }
}

/**
 * `GET /livez` and `GET /readyz` (docs/deployment.md#metrics-and-probes). Liveness is the
 * process answering, nothing else: a database outage must not make an orchestrator restart every
 * replica. Readiness is "send me traffic": database reachable, migrations run, Redis reachable
 * when configured; a 503 names the check that failed. `/healthz` stays the human status page.
 * Not rate-limited (a Redis outage would answer the limit's 503 instead of the checks): requests
 * that arrive during a check share its answer, so a flood costs one check at a time.
 */
const probeRoutesPlugin: FastifyPluginAsync = async (app) => {
  app.get(
    '/livez',
    {
      schema: {
        summary: 'Liveness: the process is up (no dependency is checked)',
        tags: ['health'],
        response: { 200: Type.Object({ status: Type.Literal('up') }) },
      },
    },
    async () => ({ status: 'up' as const }),
  )

  const run = readiness(app)
  let pending: Promise<ReadyBody> | undefined
  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: database, migrations and Redis (when configured) answer',
        tags: ['health'],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      pending ??= run().finally(() => {
        pending = undefined
      })
      const body = await pending
      return reply.status(body.status === 'ready' ? 200 : 503).send(body)
    },
  )
}

export const probeRoutes = fp(probeRoutesPlugin, { name: 'latch-probes', encapsulate: true })
