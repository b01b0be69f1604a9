import type { FastifyPluginAsync } from 'fastify'
import * as viemChains from 'viem/chains'
import type { Db } from '../db/types.js'
import type { ChainDataConfig } from './config.js'
import { ChainIndexer, type IndexerLogger } from './indexer.js'
import { createProvider } from './providers/index.js'
import type { HistoryProvider } from './providers/types.js'
import { chainDataRoutes } from './routes.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'
import type { NativeCurrency } from './wire.js'

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

let currencies: Map<number, NativeCurrency> | undefined

/** The chain's native currency from viem's chain list (anvil's 31337 is Ether). */
export function nativeCurrencyOf(chainId: number): NativeCurrency {
  if (!currencies) {
    currencies = new Map()
    for (const chain of Object.values(viemChains) as {
      id?: number
      nativeCurrency?: NativeCurrency
    }[])
      if (typeof chain?.id === 'number' && chain.nativeCurrency && !currencies.has(chain.id))
        currencies.set(chain.id, chain.nativeCurrency)
    currencies.set(31337, ETHER)
  }
  return currencies.get(chainId) ?? ETHER
}

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
  options: { log?: IndexerLogger; fetch?: typeof fetch } = {},
): ChainDataService {
  const store = new ChainStore(db)
  const indexers = config.chains.map(
    (chain) =>
      new ChainIndexer({
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
  const routes = chainDataRoutes({
    indexed: new Map(config.chains.map((c) => [c.chainId, nativeCurrencyOf(c.chainId)])),
    providers,
    cursorSecret: config.cursorSecret,
    spam: config.spam,
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
