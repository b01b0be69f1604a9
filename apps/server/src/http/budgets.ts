import type { Redis } from 'ioredis'
import { HttpError } from './errors.js'

/**
 * Weighted budgets: a count per key and fixed window that a request raises by its weight (a batch
 * of 100 calls by 100 or more), refused whole when it would pass the maximum. In Redis when the
 * server has one (every replica shares the count), else in process memory, like the rate limits.
 */
export interface Budget {
  /** Counter name, unique per window kind: `rpc-project-day|<projectId>`. */
  key: string
  max: number
  windowMs: number
  /** The error when this budget is spent; gets the seconds until the window ends. */
  exhausted(retryAfterSeconds: number): HttpError
}

export interface BudgetStore {
  /**
   * Adds `weight` to every budget, or to none: the first budget that would pass its maximum is
   * refused with its error, and what was already added to the others is taken back.
   */
  spend(budgets: readonly Budget[], weight: number): Promise<void>
}

/** Whether the weight fitted, and how long the window has left. */
interface Spent {
  ok: boolean
  ttlMs: number
}

interface Counter {
  add(key: string, weight: number, max: number, windowMs: number): Promise<Spent>
  takeBack(key: string, weight: number): Promise<void>
}

// Checks and adds in one step, so two replicas cannot both take the last units.
const SPEND_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local weight = tonumber(ARGV[1])
if current + weight > tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
if redis.call('INCRBY', KEYS[1], weight) == weight then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return {1, redis.call('PTTL', KEYS[1])}
`

function redisCounter(redis: Redis): Counter {
  return {
    async add(key, weight, max, windowMs) {
      const [ok, ttl] = (await redis.eval(
        SPEND_SCRIPT,
        1,
        `latch-budget:${key}`,
        weight,
        max,
        windowMs,
      )) as [number, number]
      return { ok: ok === 1, ttlMs: ttl > 0 ? ttl : windowMs }
    },
    async takeBack(key, weight) {
      await redis.decrby(`latch-budget:${key}`, weight)
    },
  }
}

function memoryCounter(now: () => number): Counter {
  const counts = new Map<string, { count: number; endsAt: number }>()
  let sweptAt = now()
  // Windows that ended are forgotten at most a minute later: memory follows the active clients.
  const sweep = (time: number) => {
    if (time - sweptAt < 60_000) return
    sweptAt = time
    for (const [key, entry] of counts) if (entry.endsAt <= time) counts.delete(key)
  }
  return {
    async add(key, weight, max, windowMs) {
      const time = now()
      sweep(time)
      let entry = counts.get(key)
      if (!entry || entry.endsAt <= time) {
        entry = { count: 0, endsAt: time + windowMs }
        counts.set(key, entry)
      }
      if (entry.count + weight > max) return { ok: false, ttlMs: entry.endsAt - time }
      entry.count += weight
      return { ok: true, ttlMs: entry.endsAt - time }
    },
    async takeBack(key, weight) {
      const entry = counts.get(key)
      if (entry) entry.count = Math.max(0, entry.count - weight)
    },
  }
}

export class BudgetStoreUnavailableError extends HttpError {
  override name = 'BudgetStoreUnavailableError'
  constructor() {
    super(503, 'RATE_LIMIT_UNAVAILABLE', 'Try again shortly: the server cannot count requests now')
  }
}

/**
 * The budget store beside the rate limits: `redis` when REDIS_URL is set. While Redis is down a
 * spend fails closed (503 RATE_LIMIT_UNAVAILABLE), or passes uncounted with `failOpen`.
 */
export function createBudgetStore(
  redis: Redis | undefined,
  { failOpen = false, now = Date.now }: { failOpen?: boolean; now?: () => number } = {},
): BudgetStore {
  const counter = redis ? redisCounter(redis) : memoryCounter(now)
  return {
    async spend(budgets, weight) {
      if (redis && redis.status !== 'ready') {
        if (failOpen) return
        throw new BudgetStoreUnavailableError()
      }
      const added: Budget[] = []
      try {
        for (const budget of budgets) {
          const spent = await counter.add(budget.key, weight, budget.max, budget.windowMs)
          if (!spent.ok) {
            await Promise.all(added.map((b) => counter.takeBack(b.key, weight)))
            throw budget.exhausted(Math.max(1, Math.ceil(spent.ttlMs / 1000)))
          }
          added.push(budget)
        }
      } catch (error) {
        if (error instanceof HttpError) throw error
        if (failOpen) return
        throw new BudgetStoreUnavailableError()
      }
    },
  }
}
