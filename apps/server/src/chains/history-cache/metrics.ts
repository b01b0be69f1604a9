import { Counter, Gauge, type Registry } from 'prom-client'
import type { HistoryCache, HistoryCacheObserver } from './cache.js'

/**
 * The history cache's Prometheus instruments, in the app's registry: how requests were answered
 * (hit, miss, bypass: the feed was down or the page is never cached), evictions for the byte
 * budget, applied invalidations, and the bytes held (read at scrape time).
 */
export function historyCacheObserver(
  registry: Registry,
  cache: () => HistoryCache | undefined,
): HistoryCacheObserver {
  const registers = [registry]
  const requests = new Counter({
    name: 'latch_history_cache_requests_total',
    help: 'History requests by how the page cache answered: hit, miss or bypass',
    labelNames: ['outcome'],
    registers,
  })
  const evictions = new Counter({
    name: 'latch_history_cache_evictions_total',
    help: 'History pages dropped to stay within LATCH_HISTORY_CACHE_MB',
    registers,
  })
  const invalidations = new Counter({
    name: 'latch_history_cache_invalidations_total',
    help: 'Announced history changes (indexer commits, reorg rollbacks, on-ramp purchases) applied',
    registers,
  })
  new Gauge({
    name: 'latch_history_cache_bytes',
    help: 'Estimated bytes of history pages held',
    registers,
    collect() {
      this.set(cache()?.stats().bytes ?? 0)
    },
  })
  // Zero from the start, so a scrape shows every outcome before the first request.
  for (const outcome of ['hit', 'miss', 'bypass']) requests.inc({ outcome }, 0)
  return {
    outcome: (outcome) => requests.inc({ outcome }),
    evicted: (count) => evictions.inc(count),
    invalidated: () => invalidations.inc(),
  }
}
