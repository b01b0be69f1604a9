import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Budget, createBudgetStore } from './budgets.js'
import { HttpError } from './errors.js'

const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'

async function ready(redis: Redis): Promise<Redis> {
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve))
  return redis
}

const budget = (max: number): Budget => ({
  // A fresh key per run: earlier runs' counts stay out of the way.
  key: `test|${randomBytes(8).toString('hex')}`,
  max,
  windowMs: 60_000,
  exhausted: (seconds) => new HttpError(429, 'SPENT', `after ${seconds} s`),
})

describe('weighted budgets in Redis', () => {
  let one: Redis
  let two: Redis
  beforeAll(async () => {
    one = await ready(new Redis(REDIS_URL, { enableOfflineQueue: false }))
    two = await ready(new Redis(REDIS_URL, { enableOfflineQueue: false }))
  })
  afterAll(async () => {
    await one?.quit()
    await two?.quit()
  })

  it('two replicas racing for the last units cannot both have them', async () => {
    const shared = budget(100)
    const a = createBudgetStore(one)
    const b = createBudgetStore(two)
    const outcomes = await Promise.allSettled(
      [...Array(20)].map((_, i) => (i % 2 ? a : b).spend([shared], 7)),
    )
    // 14 × 7 = 98 fit; every other spend is refused, none half-counted.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(14)
    expect(Number(await one.get(`latch-budget:${shared.key}`))).toBe(98)
    await a.spend([shared], 2)
    await expect(b.spend([shared], 1)).rejects.toMatchObject({ code: 'SPENT' })
    expect(await one.pttl(`latch-budget:${shared.key}`)).toBeGreaterThan(0)
  })

  it('while Redis is down a spend is refused (503), or passes uncounted when set open', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    })
    down.on('error', () => undefined)
    try {
      await expect(createBudgetStore(down).spend([budget(10)], 1)).rejects.toMatchObject({
        statusCode: 503,
        code: 'RATE_LIMIT_UNAVAILABLE',
      })
      await createBudgetStore(down, { failOpen: true }).spend([budget(10)], 1_000)
    } finally {
      down.disconnect()
    }
  })
})
