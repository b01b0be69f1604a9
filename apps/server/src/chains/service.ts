import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/types.js'
import type { ChainDataConfig } from './config.js'
import type { HistoryCache } from './history-cache/cache.js'
import { chainFamilies } from './index.js'
import { chainDataRoutes } from './routes.js'
import { CursorCodec } from './shared/cursor.js'
import type { ChainBackend, ChainFollower } from './types.js'

export interface ChainDataService {
  routes: FastifyPluginAsync
  backends: readonly ChainBackend[]
  /** Every backend's followers (the EVM indexers), in registration order. */
  followers: readonly ChainFollower[]
  /** Starts every follower in the background. */
  start(): void
  stop(): Promise<void>
}

/** Every registered chain family that has something configured, built on one database. */
export function createChainBackends(
  db: Db,
  config: ChainDataConfig,
  options: {
    log?: FastifyBaseLogger
    fetch?: typeof fetch
    holder?: string
    soleProcess?: boolean
  } = {},
): ChainBackend[] {
  const context = {
    ...options,
    db,
    codec: new CursorCodec(config.cursorSecret),
    airdropMinRecipients: config.airdropMinRecipients,
  }
  return chainFamilies.flatMap(
    (family) => family.create(config.backends.get(family.namespace), context) ?? [],
  )
}

export function createChainDataService(
  db: Db,
  config: ChainDataConfig,
  options: {
    log?: FastifyBaseLogger
    fetch?: typeof fetch
    holder?: string
    /** PGlite: one process owns the database, so a lease of another process is stale. */
    soleProcess?: boolean
    /** The history page cache the routes use (chains/history-cache); none: every read computed. */
    historyCache?: HistoryCache
  } = {},
): ChainDataService {
  const { historyCache, ...context } = options
  const backends = createChainBackends(db, config, context)
  const followers = backends.flatMap((backend) => backend.followers)
  return {
    routes: chainDataRoutes({ backends, ...(historyCache ? { cache: historyCache } : {}) }),
    backends,
    followers,
    start() {
      for (const follower of followers) follower.start()
    },
    async stop() {
      await Promise.all(followers.map((follower) => follower.stop()))
    },
  }
}
