import { describe, expect, it } from 'vitest'
import { type Budget, createBudgetStore } from './budgets.js'
import { HttpError } from './errors.js'

const budget = (key: string, max: number, windowMs: number): Budget => ({
  key,
  max,
  windowMs,
  exhausted: (seconds) => new HttpError(429, `${key.toUpperCase()}_SPENT`, `after ${seconds} s`),
})

describe('weighted budgets in memory', () => {
  it('a day budget holds across minute windows; the minute one starts again', async () => {
    let time = 0
    const store = createBudgetStore(undefined, { now: () => time })
    const budgets = [budget('minute', 50, 60_000), budget('day', 120, 86_400_000)]
    await store.spend(budgets, 50)
    await expect(store.spend(budgets, 1)).rejects.toMatchObject({ code: 'MINUTE_SPENT' })
    time += 60_000
    await store.spend(budgets, 50)
    time += 60_000
    // 100 of the day's 120 spent: 30 more is over, whatever the minute says.
    await expect(store.spend(budgets, 30)).rejects.toMatchObject({
      code: 'DAY_SPENT',
      message: `after ${86_400 - 120} s`,
    })
    await store.spend(budgets, 20)
    await expect(store.spend(budgets, 1)).rejects.toMatchObject({ code: 'DAY_SPENT' })
  })

  it('a refused spend takes nothing from the budgets it passed', async () => {
    const store = createBudgetStore(undefined)
    const client = budget('client', 100, 60_000)
    const project = budget('project', 10, 60_000)
    await expect(store.spend([client, project], 11)).rejects.toMatchObject({
      code: 'PROJECT_SPENT',
    })
    await expect(store.spend([client, project], 11)).rejects.toMatchObject({
      code: 'PROJECT_SPENT',
    })
    // The client's 100 are whole: the two refusals above were taken back.
    await store.spend([client], 100)
    await expect(store.spend([client], 1)).rejects.toMatchObject({ code: 'CLIENT_SPENT' })
  })
})
