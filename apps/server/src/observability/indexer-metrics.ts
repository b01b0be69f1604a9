import type { FastifyBaseLogger } from 'fastify'
import { Gauge } from 'prom-client'
import type { PublicClient } from 'viem'
import { createChainClient } from '../chain.js'
import type { IndexedChain } from '../chains/config.js'
import { chainCheckpoints } from '../chains/eip155/schema.js'
import type { Db } from '../db/types.js'
import { withTimeout } from '../timeout.js'
import type { LatchMetrics } from './metrics.js'

/** What a scrape reads per indexed chain; `head` is missing when the node did not answer. */
export interface ChainProgress {
  chain: string
  height: number | undefined
  head: number | undefined
  updatedAt: Date | undefined
}

// A scrape must answer well inside Prometheus's default 10 s timeout, whatever the nodes do.
const HEAD_TIMEOUT_MS = 2_000

/**
 * Where the indexer stands, read at scrape time: its checkpoint from the database (the indexer
 * writes it in the same transaction as the rows, chaindata/store.ts) and the node's head. Works
 * the same whether the indexer runs in-process or as `latch-server index` elsewhere.
 */
export function progressReader(
  db: Db,
  chains: readonly IndexedChain[],
  log: FastifyBaseLogger,
): () => Promise<ChainProgress[]> {
  const clients = new Map<number, PublicClient>(
    chains.map((c) => [c.chainId, createChainClient(c.rpcUrl, HEAD_TIMEOUT_MS)]),
  )
  const headOf = async (chainId: number) => {
    try {
      const head = await withTimeout(
        clients.get(chainId)!.getBlockNumber({ cacheTime: 0 }),
        HEAD_TIMEOUT_MS,
        'chain node',
      )
      return Number(head)
    } catch (error) {
      log.warn({ err: error, chainId }, 'metrics: the chain node did not give its head')
      return undefined
    }
  }
  return async () => {
    if (chains.length === 0) return []
    const [rows, heads] = await Promise.all([
      // A database that is down empties the indexer's gauges; the rest of the scrape still answers.
      db
        .select()
        .from(chainCheckpoints)
        .catch((error: unknown) => {
          log.warn({ err: error }, 'metrics: the indexer checkpoints could not be read')
          return []
        }),
      Promise.all(chains.map((c) => headOf(c.chainId))),
    ])
    return chains.map((c, i) => {
      const row = rows.find((r) => r.chainId === c.chainId)
      return {
        chain: `eip155:${c.chainId}`,
        height: row?.blockNumber,
        head: heads[i],
        updatedAt: row?.updatedAt,
      }
    })
  }
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
