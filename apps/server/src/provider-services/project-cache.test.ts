import { afterEach, describe, expect, test, vi } from 'vitest'
import { cachedLookup, forgetCached, PROJECT_CACHE_TTL_MS } from './project-cache.js'

afterEach(() => {
  vi.useRealTimers()
})

function counter(...answer: [string | undefined] | []) {
  return vi.fn(async (_id: string) => (answer.length === 0 ? 'project' : answer[0]))
}

describe('cachedLookup', () => {
  test('reuses an answer for the TTL, then reads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 })
    const owner = {}
    const load = counter()
    expect(await cachedLookup(owner, 'a', load)).toBe('project')
    vi.advanceTimersByTime(PROJECT_CACHE_TTL_MS - 1)
    expect(await cachedLookup(owner, 'a', load)).toBe('project')
    expect(load).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    await cachedLookup(owner, 'a', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('never keeps "not found", and keeps owners apart', async () => {
    const owner = {}
    const missing = counter(undefined)
    await cachedLookup(owner, 'x', missing)
    await cachedLookup(owner, 'x', missing)
    expect(missing).toHaveBeenCalledTimes(2)
    const load = counter()
    await cachedLookup(owner, 'a', load)
    await cachedLookup({}, 'a', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('forget drops the copy at once', async () => {
    const owner = {}
    const load = counter()
    await cachedLookup(owner, 'a', load)
    forgetCached(owner, 'a')
    await cachedLookup(owner, 'a', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('a read in flight while the project changed is answered but not kept', async () => {
    const owner = {}
    let finish: (value: string) => void = () => {}
    const slow = vi.fn(
      (_id: string) =>
        new Promise<string | undefined>((resolve) => {
          finish = resolve
        }),
    )
    const pending = cachedLookup(owner, 'a', slow)
    forgetCached(owner, 'a')
    finish('old row')
    expect(await pending).toBe('old row')
    const fresh = counter('new row')
    expect(await cachedLookup(owner, 'a', fresh)).toBe('new row')
    expect(fresh).toHaveBeenCalledTimes(1)
  })
})
