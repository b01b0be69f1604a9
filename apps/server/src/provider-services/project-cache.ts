/**
 * How long a server keeps a project it read for the project-scoped routes' per-request checks.
 * A change made through this server (admin API, `updateProject`) applies at once; one made
 * elsewhere (another server behind the same proxy, the `project` CLI on Postgres) applies here
 * within this time (docs/provider-services.md).
 */
export const PROJECT_CACHE_TTL_MS = 5_000

// Only found projects are kept, and never more than this: unknown ids (typos, probes) are read
// every time, as before, and cannot grow the map.
const MAX_ENTRIES = 10_000

interface Cache<T> {
  entries: Map<string, { value: T; expires: number }>
  /** Bumped by every `forget`: a read that began before it is not kept. */
  generation: number
}

// One cache per database handle (keyed by the handle): each app, and each test's app, has its own.
const caches = new WeakMap<object, Cache<unknown>>()

function cacheOf<T>(owner: object): Cache<T> {
  let cache = caches.get(owner)
  if (!cache) {
    cache = { entries: new Map(), generation: 0 }
    caches.set(owner, cache)
  }
  return cache as Cache<T>
}

/** `load(id)`'s answer, reused for PROJECT_CACHE_TTL_MS when it is not undefined. */
export async function cachedLookup<T>(
  owner: object,
  id: string,
  load: (id: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  const cache = cacheOf<T>(owner)
  const hit = cache.entries.get(id)
  if (hit && hit.expires > Date.now()) return hit.value
  const generation = cache.generation
  const value = await load(id)
  cache.entries.delete(id)
  // A change committed while this read was in flight may not be in it: answer, but do not keep.
  if (value !== undefined && generation === cache.generation) {
    if (cache.entries.size >= MAX_ENTRIES)
      cache.entries.delete(cache.entries.keys().next().value as string)
    cache.entries.set(id, { value, expires: Date.now() + PROJECT_CACHE_TTL_MS })
  }
  return value
}

/** Drops this process's copy of `id` after a change to it. */
export function forgetCached(owner: object, id: string): void {
  const cache = caches.get(owner)
  if (!cache) return
  cache.generation++
  cache.entries.delete(id)
}
