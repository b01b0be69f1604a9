import { createHash } from 'node:crypto'

/**
 * History pages, serialized, held in this process until the data under them changes
 * (docs/deployment.md#history-cache). A page depends on *scopes*: eip155:31337 (a CAIP-2 id) for an indexed
 * chain's rows (one per chain the page reads), plus {@link EVERY_SCOPE}'s changes (the on-ramp's
 * relabelling, a lost notification). A change to a scope drops every entry that read it.
 *
 * The cache only answers while an invalidation feed is live ({@link HistoryCache.setLive}); while
 * it is down nothing is read or kept, so a change announced while nobody listened can never
 * leave a stale page behind.
 */

/** A scope every entry depends on: announcing it empties the cache. */
export const EVERY_SCOPE = '*'

export interface CachedPage {
  body: string
  etag: string
}

interface Entry extends CachedPage {
  scopes: readonly string[]
  bytes: number
}

export interface HistoryCacheStats {
  hits: number
  misses: number
  /** Requests answered without the cache: the feed was down, or the page is not cacheable. */
  bypasses: number
  /** Entries dropped to stay under the byte budget. */
  evictions: number
  /** Announced changes applied (each may drop several entries). */
  invalidations: number
  entries: number
  bytes: number
}

/** Called on each count change, for Prometheus (chains/history-cache/metrics.ts). */
export interface HistoryCacheObserver {
  outcome(outcome: 'hit' | 'miss' | 'bypass'): void
  evicted(count: number): void
  invalidated(): void
}

/** What a read that missed must hand back to {@link HistoryCache.store}. */
export interface MissTicket {
  readonly key: string
  readonly scopes: readonly string[]
  readonly epoch: number
}

// Per entry beyond its strings: the Map slot, the object, the scopes array (an estimate).
const ENTRY_OVERHEAD = 200

/** A strong ETag of a body: the same page always gets the same tag, on every server. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/** Whether an `If-None-Match` header names this ETag (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  for (const raw of header.split(',')) {
    const tag = raw.trim()
    if (tag === '*' || tag === etag || tag === `W/${etag}`) return true
  }
  return false
}

export class HistoryCache {
  readonly maxBytes: number
  // Insertion order is recency order: a hit moves its entry to the end, eviction takes the front.
  private readonly entries = new Map<string, Entry>()
  private bytes = 0
  private live = false
  /**
   * Moves on every change and every feed outage. A read that missed keeps the epoch it started
   * at and is stored only if nothing moved meanwhile: its rows may predate the change.
   */
  private epoch = 0
  private readonly counts = { hits: 0, misses: 0, bypasses: 0, evictions: 0, invalidations: 0 }

  constructor(
    maxBytes: number,
    private readonly observer?: HistoryCacheObserver,
  ) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes))
  }

  /** True when reads may be served from here: a budget, and the invalidation feed listening. */
  get serving(): boolean {
    return this.live && this.maxBytes > 0
  }

  /**
   * The feed is listening (true) or lost (false). Either way the cache starts empty: changes
   * may have gone unannounced while nobody listened.
   */
  setLive(live: boolean): void {
    this.clear()
    this.live = live
  }

  /**
   * Looks a page up. A hit is returned; otherwise a ticket to store the page once computed, or
   * null when this page must not be kept (feed down, no scopes known).
   */
  lookup(key: string, scopes: readonly string[] | null): CachedPage | MissTicket | null {
    if (!this.serving || scopes === null) {
      this.count('bypass')
      return null
    }
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      this.entries.set(key, entry)
      this.count('hit')
      return entry
    }
    this.count('miss')
    return { key, scopes, epoch: this.epoch }
  }

  /** Keeps a computed page unless something changed since its read began. */
  store(ticket: MissTicket, page: CachedPage): void {
    if (!this.serving || ticket.epoch !== this.epoch) return
    // Key and body are JS strings: two bytes per character is what they hold in memory.
    const bytes = 2 * (ticket.key.length + page.body.length) + ENTRY_OVERHEAD
    if (bytes > this.maxBytes) return
    this.remove(ticket.key)
    this.entries.set(ticket.key, { ...page, scopes: ticket.scopes, bytes })
    this.bytes += bytes
    let evicted = 0
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(key)
      evicted++
    }
    if (evicted > 0) {
      this.counts.evictions += evicted
      this.observer?.evicted(evicted)
    }
  }

  /** Drops every page that read `scope` ({@link EVERY_SCOPE}: every page). */
  invalidate(scope: string): void {
    this.epoch++
    this.counts.invalidations++
    this.observer?.invalidated()
    if (scope === EVERY_SCOPE) {
      this.clear()
      return
    }
    for (const [key, entry] of this.entries) if (entry.scopes.includes(scope)) this.remove(key)
  }

  stats(): HistoryCacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes }
  }

  private clear(): void {
    this.epoch++
    this.entries.clear()
    this.bytes = 0
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }

  private count(outcome: 'hit' | 'miss' | 'bypass'): void {
    if (outcome === 'hit') this.counts.hits++
    else if (outcome === 'miss') this.counts.misses++
    else this.counts.bypasses++
    this.observer?.outcome(outcome)
  }
}

/** True when `lookup` found the page. */
export function isHit(found: CachedPage | MissTicket | null): found is CachedPage {
  return found !== null && 'body' in found
}
