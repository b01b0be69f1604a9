import type { FastifyBaseLogger } from 'fastify'
import type { PublicClient } from 'viem'
import { createChainClient } from '../../chain.js'
import type { Db } from '../../db/types.js'
import { withTimeout } from '../../timeout.js'
import type { ChainProgress } from '../types.js'
import type { IndexedChain } from './config.js'
import { chainCheckpoints } from './schema.js'
import { caip2 } from './wire.js'

// A scrape must answer well inside Prometheus's default 10 s timeout, whatever the nodes do.
const HEAD_TIMEOUT_MS = 2_000

/**
 * Where the indexer stands, read at scrape time: its checkpoint from the database (the indexer
 * writes it in the same transaction as the rows, store.ts) and the node's head. Works
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
        chain: caip2(c.chainId),
        height: row?.blockNumber,
        head: heads[i],
        updatedAt: row?.updatedAt,
      }
    })
  }
}
