import Fastify from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import { providerRoutes } from '../provider-services/plugin.js'
import { createProject, type ProjectView } from '../provider-services/projects.js'
import { openTestApp, type ProviderTestApp } from '../provider-services/testing.js'
import { openTestDatabaseFor } from '../testing/database.js'
import { errorAnswers } from './errors.js'
import { rateLimits } from './rate-limit.js'

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
    const database = await openTestDatabaseFor(config)
    await migrate(database)
    // The provider plugin alone, with a limit small enough to reach.
    const app = Fastify()
    app.decorate('config', config)
    app.decorate('db', database.db)
    await app.register(errorAnswers)
    await app.register(rateLimits)
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
  test('by default limited routes refuse with 503 (fail closed): an outage lifts no limit', async () => {
    const opened = await openTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Down', origins: [] })
      const res = await opened.app.inject({
        method: 'POST',
        url: `/e?projectId=${project.id}`,
        payload: report(),
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().error.code).toBe('RATE_LIMIT_UNAVAILABLE')
      // Limits counted by the routes themselves (analytics batches) refuse too.
      const batch = await opened.app.inject({
        method: 'POST',
        url: `/batch?projectId=${project.id}`,
        payload: [],
      })
      expect(batch.statusCode).toBe(503)
      // A route without a limit still answers.
      expect((await opened.app.inject({ url: '/docs/json' })).statusCode).toBe(200)
    } finally {
      await opened.close()
    }
  })

  test('LATCH_RATE_LIMIT_ON_REDIS_FAILURE=open lets requests through, unlimited', async () => {
    const opened = await openTestApp('pglite', {
      REDIS_URL: 'redis://127.0.0.1:1',
      LATCH_RATE_LIMIT_ON_REDIS_FAILURE: 'open',
    })
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

const flood = async (
  t: ProviderTestApp,
  projectId: string,
  forwardedFor: (i: number) => string,
) => {
  const statuses: number[] = []
  for (let i = 0; i < 7; i++)
    statuses.push(
      (
        await t.app.inject({
          method: 'POST',
          url: `/e?projectId=${projectId}`,
          payload: report(),
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor(i) },
        })
      ).statusCode,
    )
  return statuses
}

describe('LATCH_TRUST_PROXY', () => {
  test('off (default): a forged X-Forwarded-For does not buy a fresh bucket', async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Spoof', origins: [] })
      const statuses = await flood(opened, project.id, (i) => `203.0.113.${i + 1}`)
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429])
    } finally {
      await opened.close()
    }
  })

  test('behind a trusted proxy: each client behind it has its own bucket, one client still stops at 5', async () => {
    const opened = await openTestApp('pglite', { LATCH_TRUST_PROXY: '127.0.0.1' })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Proxied', origins: [] })
      expect(await flood(opened, project.id, (i) => `203.0.113.${i + 1}`)).toEqual([
        202, 202, 202, 202, 202, 202, 202,
      ])
      expect(await flood(opened, project.id, () => '198.51.100.7')).toEqual([
        202, 202, 202, 202, 202, 429, 429,
      ])
    } finally {
      await opened.close()
    }
  })
})

// The attack: a client behind the proxy writes its own X-Forwarded-For, and the proxy appends the
// address it saw. Only the right-most address no trusted proxy vouches for is the client's.
describe('LATCH_TRUST_PROXY: a client cannot choose its bucket through the proxy', () => {
  const FIVE_THEN_REFUSED = [202, 202, 202, 202, 202, 429, 429]
  test.each([
    ['the proxy by CIDR', '127.0.0.0/8', (i: number) => `1.2.3.${i}, 198.51.100.7`],
    ['one hop', '1', (i: number) => `1.2.3.${i}, 10.0.0.${i}, 198.51.100.7`],
    // Two proxies: the outer one (10.0.0.2) appended the client, the inner one appended 10.0.0.2.
    ['two hops', '2', (i: number) => `1.2.3.${i}, 198.51.100.7, 10.0.0.2`],
    [
      'a chain of CIDRs',
      '127.0.0.1, 10.0.0.0/8',
      (i: number) => `1.2.3.${i}, 198.51.100.7, 10.0.0.2`,
    ],
  ])('%s: forged left-most addresses share the real client bucket', async (_label, trust, xff) => {
    const opened = await openTestApp('pglite', { LATCH_TRUST_PROXY: trust })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Forged', origins: [] })
      expect(await flood(opened, project.id, xff)).toEqual(FIVE_THEN_REFUSED)
      // Another real client behind the same proxy has a bucket of its own.
      const other = await flood(opened, project.id, (i) =>
        xff(i).replace('198.51.100.7', '198.51.100.8'),
      )
      expect(other.slice(0, 5)).toEqual(FIVE_THEN_REFUSED.slice(0, 5))
    } finally {
      await opened.close()
    }
  })
})

describe('auth routes share the Redis limit across processes', () => {
  test('the sign-in start limit (20 a minute) is one budget for two instances', async () => {
    if (!(await redisAnswers())) throw new Error(`no Redis at ${REDIS_URL}`)
    const a = await openTestApp('pglite', { REDIS_URL })
    const b = await openTestApp('pglite', { REDIS_URL })
    if ('unavailable' in a || 'unavailable' in b) throw new Error('PGlite unavailable')
    try {
      // A fresh address per run keeps earlier runs' counters out of the way.
      const ip = `10.${Date.now() % 250}.${Math.floor(Math.random() * 250)}.7`
      const start = (t: ProviderTestApp) =>
        t.app
          .inject({
            method: 'POST',
            url: '/auth/v1/email/start',
            payload: { projectId: 'none', email: 'x@example.com', deviceId: 'd'.repeat(43) },
            remoteAddress: ip,
          })
          .then((res) => res.statusCode)
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push(await start(a), await start(b))
      expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true)
      expect(statuses.slice(20)).toEqual([429, 429])
    } finally {
      await a.close()
      await b.close()
    }
  })
})
