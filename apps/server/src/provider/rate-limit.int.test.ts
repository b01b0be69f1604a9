import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProject, type ProjectView } from './projects.js'
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
