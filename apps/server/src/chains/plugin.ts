import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { localKey } from '../auth/secrets.js'
import type { ChainDataConfig } from './config.js'
import { createChainDataService } from './service.js'

export interface ChainDataPluginOptions {
  /** Overrides `app.config.chainData`. */
  config?: ChainDataConfig
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
  const service = createChainDataService(app.db, config, {
    log: app.log,
    // PGlite admits one process, so a lease left by a killed run is taken at once.
    soleProcess: app.database.kind === 'pglite',
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
