import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { localKey } from '../auth/secrets.js'
import { type ChainDataConfig, DEFAULT_HISTORY_CACHE_MB } from './config.js'
import { HistoryCache } from './history-cache/cache.js'
import { startInvalidationFeed } from './history-cache/feed.js'
import { historyCacheObserver } from './history-cache/metrics.js'
import { createChainDataService } from './service.js'

export interface ChainDataPluginOptions {
  /** Overrides `app.config.chainData`. */
  config?: ChainDataConfig
}

/**
 * The history page cache and the feed that keeps it correct (chains/history-cache), stopped with
 * the app; none when LATCH_HISTORY_CACHE_MB is 0.
 */
async function startHistoryCache(
  app: FastifyInstance,
  config: ChainDataConfig,
): Promise<HistoryCache | undefined> {
  const bytes = config.historyCacheBytes ?? DEFAULT_HISTORY_CACHE_MB * 1024 * 1024
  if (bytes <= 0) return undefined
  let cache: HistoryCache | undefined
  const observer = app.hasDecorator('metrics')
    ? historyCacheObserver(app.metrics.registry, () => cache)
    : undefined
  cache = new HistoryCache(bytes, observer)
  const feed = await startInvalidationFeed(app.database, cache, app.log)
  app.addHook('onClose', async () => {
    await feed.stop()
  })
  return cache
}

/**
 * The chain data service as one Fastify plugin: the history routes, plus (LATCH_INDEXER=in-process,
 * the default) the indexer, started when the server starts listening and stopped when it closes.
 * `inject()`-only apps (tests) never listen, so they never index.
 */
const chainDataPluginBody: FastifyPluginAsync<ChainDataPluginOptions> = async (app, options) => {
  const loaded = options.config ?? app.config.chainData
  // Without LATCH_CURSOR_SECRET, cursors are sealed with this install's own random key, never a
  // key anyone could read in our source.
  const config = loaded.cursorSecretIsDefault
    ? { ...loaded, cursorSecret: localKey(app.config.dataDir, 'cursor').toString('base64') }
    : loaded
  const historyCache = await startHistoryCache(app, config)
  const service = createChainDataService(app.db, config, {
    log: app.log,
    // PGlite admits one process, so a lease left by a killed run is taken at once.
    soleProcess: app.database.kind === 'pglite',
    ...(historyCache ? { historyCache } : {}),
  })
  await app.register(service.routes)
  if (config.indexInProcess) {
    app.addHook('onListen', async () => {
      service.start()
      app.log.info(
        { chains: config.chains.map((c) => c.chainId) },
        'chain indexer started in-process',
      )
    })
    app.addHook('onClose', async () => {
      await service.stop()
    })
  }
}

// Not encapsulated: the onListen and onClose hooks must be the server's own.
export const chainDataPlugin = fp(chainDataPluginBody, { name: 'latch-chain-data' })
