import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/types.js'
import { createSolanaService } from '../solana/service.js'
import type { ChainDataConfig } from './config.js'
import { nativeCurrencyOf } from './currency.js'
import { CursorCodec } from './cursor.js'
import { ChainIndexer, type IndexerLogger } from './indexer.js'
import { ChainLease, leaseTimings, newHolderId } from './lease.js'
import { createProvider } from './providers/index.js'
import type { HistoryProvider } from './providers/types.js'
import { chainDataRoutes } from './routes.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'

export interface ChainDataService {
  routes: FastifyPluginAsync
  indexers: ChainIndexer[]
  /** Starts following every configured chain in the background. */
  start(): void
  stop(): Promise<void>
}

export function createChainDataService(
  db: Db,
  config: ChainDataConfig,
  options: {
    log?: IndexerLogger
    fetch?: typeof fetch
    holder?: string
    /** PGlite: one process owns the database, so a lease of another process is stale. */
    soleProcess?: boolean
  } = {},
): ChainDataService {
  const store = new ChainStore(db)
  // Every indexer takes its chain's lease first, so two started by mistake (a second
  // `latch-server index`, an API server left in-process) never write at once
  // (docs/deployment.md#one-indexer).
  const holder = options.holder ?? newHolderId()
  const timings = leaseTimings(config.leaseMs)
  const indexers = config.chains.map(
    (chain) =>
      new ChainIndexer({
        lease: new ChainLease(db, chain.chainId, holder, {
          timings,
          soleProcess: options.soleProcess,
        }),
        source: new BlockSource({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }),
        store,
        batchSize: config.batchSize,
        airdropMinRecipients: config.airdropMinRecipients,
        log: options.log,
      }),
  )
  const providers = new Map<number, HistoryProvider>()
  for (const provider of config.providers)
    providers.set(
      provider.chainId,
      createProvider(provider, { spam: config.spam, fetch: options.fetch }),
    )
  const solana =
    config.solana.clusters.length > 0
      ? createSolanaService(db, config.solana, {
          codec: new CursorCodec(config.cursorSecret),
          airdropMinRecipients: config.airdropMinRecipients,
        })
      : undefined
  const routes = chainDataRoutes({
    solana,
    indexed: new Map(config.chains.map((c) => [c.chainId, nativeCurrencyOf(c.chainId)])),
    providers,
    cursorSecret: config.cursorSecret,
    spam: config.spam,
    rpcUrls: config.rpcUrls,
  })
  return {
    routes,
    indexers,
    start() {
      for (const indexer of indexers) indexer.start()
    },
    async stop() {
      await Promise.all(indexers.map((indexer) => indexer.stop()))
    },
  }
}
