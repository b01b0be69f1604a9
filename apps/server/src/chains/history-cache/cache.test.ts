import { describe, expect, it } from 'vitest'
import { EVERY_SCOPE, etagOf, HistoryCache, isHit, type MissTicket, matchesEtag } from './cache.js'

const page = (body: string) => ({ body, etag: etagOf(body) })

/** A live cache with `key` stored under `scopes`. */
function filled(maxBytes: number, entries: [string, string, string[]][]): HistoryCache {
  const cache = new HistoryCache(maxBytes)
  cache.setLive(true)
  for (const [key, body, scopes] of entries) {
    const ticket = cache.lookup(key, scopes) as MissTicket
    cache.store(ticket, page(body))
  }
  return cache
}

describe('HistoryCache', () => {
  it('serves nothing until its feed is live, and empties when the feed is lost', () => {
    const cache = new HistoryCache(1 << 20)
    expect(cache.lookup('a', ['c:1'])).toBeNull()
    cache.setLive(true)
    cache.store(cache.lookup('a', ['c:1']) as MissTicket, page('A'))
    expect(isHit(cache.lookup('a', ['c:1']))).toBe(true)
    cache.setLive(false)
    expect(cache.lookup('a', ['c:1'])).toBeNull()
    cache.setLive(true)
    expect(isHit(cache.lookup('a', ['c:1']))).toBe(false)
    expect(cache.stats()).toMatchObject({ hits: 1, bypasses: 2, entries: 0 })
  })

  it('never keeps a page whose read began before a change', () => {
    const cache = filled(1 << 20, [])
    const ticket = cache.lookup('a', ['c:1']) as MissTicket
    cache.invalidate('c:2')
    cache.store(ticket, page('read before the change'))
    expect(isHit(cache.lookup('a', ['c:1']))).toBe(false)
    const outage = cache.lookup('b', ['c:1']) as MissTicket
    cache.setLive(false)
    cache.setLive(true)
    cache.store(outage, page('read before the outage'))
    expect(cache.stats().entries).toBe(0)
  })

  it('drops the pages of an announced scope only; * drops all', () => {
    const cache = filled(1 << 20, [
      ['one', 'A', ['c:1', 'address:x']],
      ['two', 'B', ['c:2', 'address:y']],
      ['both', 'C', ['c:1', 'c:2', 'address:x']],
    ])
    cache.invalidate('c:1')
    expect(isHit(cache.lookup('two', []))).toBe(true)
    expect(cache.stats().entries).toBe(1)
    cache.invalidate(EVERY_SCOPE)
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })

  it('keeps to its byte budget, evicting the least recently used', () => {
    const body = 'x'.repeat(1_000)
    // Three entries of ~2.2 KB fit in 7 KB; a fourth evicts the oldest not read since.
    const cache = filled(7_000, [
      ['a', body, ['c:1']],
      ['b', body, ['c:1']],
      ['c', body, ['c:1']],
    ])
    expect(isHit(cache.lookup('a', ['c:1']))).toBe(true)
    cache.store(cache.lookup('d', ['c:1']) as MissTicket, page(body))
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 1 })
    expect(cache.stats().bytes).toBeLessThanOrEqual(7_000)
    expect(isHit(cache.lookup('b', ['c:1']))).toBe(false)
    expect(isHit(cache.lookup('a', ['c:1']))).toBe(true)
    // A page larger than the whole budget is served but never kept.
    cache.store(cache.lookup('huge', ['c:1']) as MissTicket, page('y'.repeat(10_000)))
    expect(isHit(cache.lookup('huge', ['c:1']))).toBe(false)
  })

  it('bypasses a page with no known scopes (read live from a provider)', () => {
    const cache = filled(1 << 20, [])
    expect(cache.lookup('p', null)).toBeNull()
    expect(cache.stats().bypasses).toBe(1)
  })

  it('matches If-None-Match lists, weak tags and *', () => {
    const tag = etagOf('body')
    expect(matchesEtag(`"other", ${tag}`, tag)).toBe(true)
    expect(matchesEtag(`W/${tag}`, tag)).toBe(true)
    expect(matchesEtag('*', tag)).toBe(true)
    expect(matchesEtag('"other"', tag)).toBe(false)
    expect(matchesEtag(undefined, tag)).toBe(false)
  })
})
