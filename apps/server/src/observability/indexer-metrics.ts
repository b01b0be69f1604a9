import type { FastifyBaseLogger } from 'fastify'
import { Gauge } from 'prom-client'
import type { ChainDataConfig } from '../chains/config.js'
import { chainFamilies } from '../chains/index.js'
import type { ChainProgress } from '../chains/types.js'
import type { Db } from '../db/types.js'
import type { LatchMetrics } from './metrics.js'

/**
 * Where every registered family's followers stand, read at scrape time (each family's
 * `progress`, chains/<namespace>/progress.ts). Works the same whether the indexer runs
 * in-process or as `latch-server index` elsewhere.
 */
export function progressReader(
  db: Db,
  config: ChainDataConfig,
  log: FastifyBaseLogger,
): () => Promise<ChainProgress[]> {
  const readers = chainFamilies.flatMap((family) =>
    family.progress ? [family.progress(config.backends.get(family.namespace), { db, log })] : [],
  )
  return async () => (await Promise.all(readers.map((read) => read()))).flat()
}

/** One read per scrape, shared by the gauges that prom-client collects side by side. */
function coalesced<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= read().finally(() => {
      pending = undefined
    })
    return pending
  }
}

/** Registers the indexer's gauges; each is filled at scrape time from `read`. */
export function registerIndexerGauges(
  metrics: LatchMetrics,
  read: () => Promise<ChainProgress[]>,
): void {
  const snapshot = coalesced(read)
  const gauge = (name: string, help: string, value: (p: ChainProgress) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['chain'],
      registers: [metrics.registry],
      async collect() {
        this.reset()
        for (const progress of await snapshot()) {
          const v = value(progress)
          if (v !== undefined) this.set({ chain: progress.chain }, v)
        }
      },
    })
  gauge('latch_indexer_height', 'Last block the indexer wrote, per chain', (p) => p.height)
  gauge('latch_indexer_head', "The chain node's head block at scrape time", (p) => p.head)
  gauge('latch_indexer_lag_blocks', 'Blocks between the node head and the indexer', (p) =>
    p.head === undefined || p.height === undefined ? undefined : Math.max(0, p.head - p.height),
  )
  gauge(
    'latch_indexer_checkpoint_age_seconds',
    'Seconds since the indexer last moved its checkpoint, per chain',
    (p) => (p.updatedAt ? Math.max(0, (Date.now() - p.updatedAt.getTime()) / 1000) : undefined),
  )
}
