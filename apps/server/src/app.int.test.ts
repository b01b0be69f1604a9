import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  freePort,
  startAnvil,
} from '../../../scripts/devchain/anvil.js'
import { buildApp } from './app.js'
import { createChainClient } from './chain.js'
import { type Config, loadConfig } from './config.js'
import { MIGRATIONS_FOLDER, migrate } from './db/migrate.js'
import { openDatabase } from './db/open.js'
import { projects } from './db/schema/projects.js'
import type { DatabaseHandle } from './db/types.js'
import { createLogger } from './logger.js'
import { HEALTH_CHECKS_PER_MINUTE } from './observability/health.js'
import { openTestDatabase } from './testing/database.js'
import { createTestPostgres } from './testing/postgres.js'

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'))
const ALLOWED_ORIGIN = 'https://app.example.org'

// Routes that exist only here, to reach the error paths the core routes never take.
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/test/echo',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['n'],
          properties: { n: { type: 'integer', minimum: 1 } },
          additionalProperties: false,
        },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (request) => ({ n: (request.query as { n: number }).n }),
  )
  app.post(
    '/test/body',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1 } },
        },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    },
    async () => ({ ok: true }),
  )
  app.get('/test/crash', { schema: {} }, async () => {
    throw new Error('secret internals at /srv/latch/db.ts:42')
  })
}

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

function configFor(env: Record<string, string>): Config {
  return loadConfig({
    LATCH_LOG_LEVEL: 'silent',
    LATCH_WEB_ORIGINS: ALLOWED_ORIGIN,
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_ADMIN_TOKEN: ADMIN_TOKEN,
    ...env,
  })
}

const ADMIN_TOKEN = 'health-test-admin-token-0123456789'
const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` }

function appSuite(
  kind: 'pglite' | 'postgres',
  env: () => Record<string, string>,
  open: (config: Config) => Promise<DatabaseHandle> = openDatabase,
) {
  let config: Config
  let handle: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    config = configFor(env())
    handle = await open(config)
    await migrate(handle)
    app = await buildApp({
      config,
      db: handle,
      logger: createLogger({ logLevel: 'silent' }),
      plugins: [probeRoutes],
    })
  })
  afterAll(async () => {
    await app?.close()
    await handle?.close().catch(() => {})
  })

  test('opens the configured driver', () => {
    expect(handle.kind).toBe(kind)
  })

  test('applies every migration, and applying again is a no-op', async () => {
    const count = async () => {
      // Both drivers answer raw SQL with `{ rows }`.
      const result = (await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] }
      return result.rows[0]!.n
    }
    expect(await count()).toBe(journal.entries.length)
    await migrate(handle)
    expect(await count()).toBe(journal.entries.length)
  })

  test('the schema is usable through Db', async () => {
    await app.db.insert(projects).values({
      id: `p-${kind}`,
      name: 'Demo',
      allowedOrigins: [ALLOWED_ORIGIN],
      features: { a: 1 },
    })
    const [row] = await app.db.select().from(projects)
    expect(row).toMatchObject({
      id: `p-${kind}`,
      allowedOrigins: [ALLOWED_ORIGIN],
      features: { a: 1 },
      analyticsEnabled: false,
    })
    expect(row!.createdAt).toBeInstanceOf(Date)
  })

  test('/healthz: database and chain ok; the node URL only for the admin token', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      database: { ok: true, kind },
      chain: { ok: true, chainId: DEV_CHAIN_ID, blockNumber: '0' },
    })
    expect(response.body).not.toContain(anvil.rpcUrl)
    for (const authorization of ['Bearer wrong-token-wrong-token-wrong', ADMIN_TOKEN, 'Basic x']) {
      const guess = await app.inject({ method: 'GET', url: '/healthz', headers: { authorization } })
      expect(guess.body).not.toContain(anvil.rpcUrl)
    }
    const admin = await app.inject({ method: 'GET', url: '/healthz', headers: asAdmin })
    expect(admin.json().chain).toEqual({
      ok: true,
      rpcUrl: anvil.rpcUrl,
      chainId: DEV_CHAIN_ID,
      blockNumber: '0',
    })
  })

  test('/healthz: a dead chain node degrades the status but answers 200', async () => {
    const deadUrl = `http://127.0.0.1:${await freePort()}`
    const other = await buildApp({
      config: { ...config, chainRpcUrl: deadUrl },
      db: handle,
      logger: createLogger({ logLevel: 'silent' }),
    })
    try {
      const response = await other.inject({ method: 'GET', url: '/healthz' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        status: 'degraded',
        database: { ok: true, kind },
        chain: { ok: false },
      })
      // The error text may quote the URL: both only for the admin.
      expect(response.body).not.toContain(deadUrl)
      const body = (await other.inject({ method: 'GET', url: '/healthz', headers: asAdmin })).json()
      expect(body.chain).toMatchObject({ ok: false, rpcUrl: deadUrl })
      expect(body.chain.error).toEqual(expect.any(String))
      expect(body.chain.chainId).toBeUndefined()
    } finally {
      await other.close()
    }
  })

  test('an injected viem client is the one checked', async () => {
    const other = await buildApp({
      config: { ...config, chainRpcUrl: 'http://127.0.0.1:1' },
      db: handle,
      logger: createLogger({ logLevel: 'silent' }),
      chain: createChainClient(anvil.rpcUrl),
    })
    try {
      const body = (await other.inject({ method: 'GET', url: '/healthz', headers: asAdmin })).json()
      expect(body.chain).toMatchObject({ ok: true, rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID })
    } finally {
      await other.close()
    }
  })

  test('a bad query string is a 400 JSON error naming the field', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/echo?n=abc' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = response.json()
    expect(body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        requestId: expect.any(String),
      },
    })
    expect(body.error.message).toContain('querystring/n')
    expect((await app.inject({ method: 'GET', url: '/test/echo?n=3' })).json()).toEqual({ n: 3 })
  })

  test('malformed and invalid JSON bodies are 400 JSON errors', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.any(String), requestId: expect.any(String) },
    })
    const invalid = await app.inject({ method: 'POST', url: '/test/body', payload: { name: '' } })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.code).toBe('VALIDATION_ERROR')
    expect(invalid.json().error.message).toContain('body/name')
  })

  test('unknown routes are a 404 JSON error', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No route for GET /nowhere',
        requestId: expect.any(String),
      },
    })
  })

  test('a crash is a 500 that leaks nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/crash' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
        requestId: expect.any(String),
      },
    })
    expect(response.body).not.toContain('secret')
    expect(response.body).not.toContain('.ts')
  })

  test('CORS answers the configured web origins only', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/healthz',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
    const allowed = await preflight(ALLOWED_ORIGIN)
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN)
    const denied = await preflight('https://evil.example')
    expect(denied.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('/healthz: one address polling it flat out is cut off', async () => {
    let status = 200
    for (let i = 0; i < HEALTH_CHECKS_PER_MINUTE + 1 && status === 200; i++)
      status = (await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.7.7.7' }))
        .statusCode
    expect(status).toBe(429)
    const other = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.7.7.8' })
    expect(other.statusCode).toBe(200)
  })

  test('the OpenAPI document lists /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' })
    expect(response.statusCode).toBe(200)
    expect(response.json().paths['/healthz']).toBeDefined()
  })

  // Last: it closes the database under the running app.
  test('/healthz: a closed database answers 503 degraded', async () => {
    await handle.close()
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(503)
    const body = response.json()
    expect(body.status).toBe('degraded')
    expect(body.database).toMatchObject({ ok: false, kind })
  })
}

describe('app on in-memory PGlite', () => {
  appSuite('pglite', () => ({ LATCH_DATA_DIR: 'memory://' }), openTestDatabase)
})

const postgres = await createTestPostgres()
if ('unavailable' in postgres) console.warn(`Skipping the Postgres suite: ${postgres.unavailable}`)

describe.skipIf('unavailable' in postgres)('app on Postgres', () => {
  afterAll(async () => {
    if ('drop' in postgres) await postgres.drop()
  })
  appSuite('postgres', () => ({ DATABASE_URL: 'url' in postgres ? postgres.url : '' }))
})
