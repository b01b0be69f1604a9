import Fastify from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import { installErrorHandling } from '../errors.js'
import { providerRoutes } from './plugin.js'
import { createProject, type ProjectView } from './projects.js'
import { registerRateLimit } from './rate-limit.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

let counter = 0
function report() {
  return {
    eventId: `rl-${Date.now()}-${++counter}`,
    url: 'https://shop.example/',
    domain: 'shop.example',
    timestamp: Date.now(),
    props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'Error', errorMessage: 'boom' },
  }
}

function post(t: ProviderTestApp, projectId: string) {
  return t.app
    .inject({
      method: 'POST',
      url: `/e?projectId=${projectId}&st=latch&sv=test`,
      payload: report(),
      remoteAddress: '10.9.9.9',
    })
    .then((res) => res.statusCode)
}

/** Two app instances stand for two server processes; each has its own Redis connection. */
describe.each([
  ['with REDIS_URL: one limit across processes', true],
  ['without: each process counts alone', false],
] as const)('error-report rate limit %s', (_label, useRedis) => {
  let a: ProviderTestApp
  let b: ProviderTestApp
  let project: ProjectView
  let redisUp = false

  beforeAll(async () => {
    redisUp = await redisAnswers()
    const env: Record<string, string> = useRedis ? { REDIS_URL } : {}
    const first = await openTestApp('pglite', env)
    const second = await openTestApp('pglite', env)
    if ('unavailable' in first || 'unavailable' in second) throw new Error('PGlite unavailable')
    a = first
    b = second
    // A fresh id per run keeps the Redis counters of earlier runs out of the way.
    project = await createProject(a.app.db, { name: 'RL', origins: ['https://shop.example'] })
    await createProject(b.app.db, { id: project.id, name: 'RL', origins: ['https://shop.example'] })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  test('Redis answers at 127.0.0.1:6379', () => {
    if (useRedis) expect(redisUp, `no Redis at ${REDIS_URL}`).toBe(true)
  })

  test('5 reports per 60 s per client, counted across both instances', async () => {
    const statuses = [
      await post(a, project.id),
      await post(b, project.id),
      await post(a, project.id),
      await post(b, project.id),
      await post(a, project.id),
      await post(b, project.id),
      await post(a, project.id),
    ]
    if (useRedis) expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429])
    else expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202])
    // Each instance on its own stops at 5.
    if (!useRedis) {
      expect(await post(a, project.id)).toBe(202)
      expect(await post(a, project.id)).toBe(429)
    }
  })
})

describe('project-scoped reads are rate limited too', () => {
  test('past the limit a client gets 429 RATE_LIMITED; another client does not', async () => {
    const config = loadConfig({ LATCH_DATA_DIR: 'memory://', LATCH_LOG_LEVEL: 'silent' })
    const database = await openDatabase(config)
    await migrate(database)
    // The provider plugin alone, with a limit small enough to reach.
    const app = Fastify()
    app.decorate('config', config)
    app.decorate('db', database.db)
    installErrorHandling(app)
    await registerRateLimit(app, undefined)
    await app.register(providerRoutes, { readLimitPerMinute: 3 })
    try {
      const project = await createProject(database.db, { name: 'R', origins: [] })
      const get = (path: string, ip: string) =>
        app.inject({ url: `${path}?projectId=${project.id}`, remoteAddress: ip })
      const statuses = []
      for (let i = 0; i < 4; i++)
        statuses.push((await get('/projects/v1/origins', '10.7.0.1')).statusCode)
      expect(statuses).toEqual([200, 200, 200, 429])
      const limited = await get('/projects/v1/origins', '10.7.0.1')
      expect(limited.json().error.code).toBe('RATE_LIMITED')
      expect((await get('/projects/v1/origins', '10.7.0.2')).statusCode).toBe(200)
      // Each route counts on its own.
      expect((await get('/appkit/v1/config', '10.7.0.1')).statusCode).toBe(200)
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('Redis unreachable', () => {
  test('requests still pass (the limit is skipped), and the app closes cleanly', async () => {
    const opened = await openTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Down', origins: [] })
      const statuses = []
      for (let i = 0; i < 7; i++) statuses.push(await post(opened, project.id))
      expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202])
    } finally {
      await opened.close()
    }
  })
})
