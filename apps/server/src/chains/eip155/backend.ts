import type { ChainBackend, ChainBackendFactory, ChainFollower, SignInVerifier } from '../types.js'
import { accountRoutes } from './account-routes.js'
import { evmBalances } from './balances.js'
import { evmCatalogue } from './catalogue.js'
import { type EvmConfig, loadEvmConfig } from './config.js'
import { nativeCurrencyOf } from './currency.js'
import {
  claimsEvm,
  type EvmHistoryOptions,
  evmHistory,
  evmHistoryChains,
  evmHistoryScopes,
} from './history-source.js'
import { ChainIndexer } from './indexer.js'
import { ChainLease, leaseTimings, newHolderId } from './lease.js'
import { progressReader } from './progress.js'
import { createProvider } from './providers/index.js'
import type { HistoryProvider } from './providers/types.js'
import { evmUpstreams } from './rpc.js'
import { eip155SignIn } from './sign-in.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'

export interface EvmBackendOptions extends EvmHistoryOptions {
  /** JSON-RPC upstream per chain, for balances and names (none: indexed-chain reads fail). */
  rpcUrls?: ReadonlyMap<number, string>
  followers?: readonly ChainFollower[]
  verifySignIn?: SignInVerifier
}

/** The EVM backend from its parts: what the routes ask, and the indexers the command starts. */
export function evmBackend(options: EvmBackendOptions): ChainBackend {
  const rpcUrls = options.rpcUrls ?? new Map<number, string>()
  return {
    namespace: 'eip155',
    historyChains: () => evmHistoryChains(options),
    claims: claimsEvm,
    history: evmHistory(options),
    historyScopes: evmHistoryScopes(options),
    balances: evmBalances({ indexed: options.indexed, rpcUrls }),
    followers: options.followers ?? [],
    routes: (scoped) => accountRoutes({ rpcUrls, scoped }),
    ...(options.verifySignIn ? { verifySignIn: options.verifySignIn } : {}),
  }
}

/** EVM chains (eip155): indexed from JSON-RPC nodes, or read from Blockscout or Etherscan. */
export const evmFamily: ChainBackendFactory<EvmConfig> = {
  namespace: 'eip155',
  catalogue: evmCatalogue,
  chainIdExample: 'eip155:1',
  walletsAddAnyChain: true,
  loadConfig: loadEvmConfig,
  rpcUpstreams: (config, context) => evmUpstreams(config.rpcUrls, context),
  progress: (config, { db, log }) => progressReader(db, config.chains, log),
  signIn: (config) => eip155SignIn(config).verifySignIn,
  create(config, context) {
    const store = new ChainStore(context.db)
    // Every indexer takes its chain's lease first, so two started by mistake (a second
    // `latch-server index`, an API server left in-process) never write at once
    // (docs/deployment.md#one-indexer).
    const holder = context.holder ?? newHolderId()
    const timings = leaseTimings(config.leaseMs)
    const followers = config.chains.map((chain): ChainFollower => {
      const indexer = new ChainIndexer({
        lease: new ChainLease(context.db, chain.chainId, holder, {
          timings,
          soleProcess: context.soleProcess,
        }),
        source: new BlockSource({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }),
        store,
        batchSize: config.batchSize,
        airdropMinRecipients: context.airdropMinRecipients,
        log: context.log,
      })
      return {
        start: () => indexer.start(),
        stop: () => indexer.stop(),
        description: `chain ${chain.chainId} at ${chain.rpcUrl}`,
      }
    })
    const providers = new Map<number, HistoryProvider>()
    for (const provider of config.providers)
      providers.set(
        provider.chainId,
        createProvider(provider, { spam: config.spam, fetch: context.fetch }),
      )
    return evmBackend({
      verifySignIn: eip155SignIn(config).verifySignIn,
      indexed: new Map(config.chains.map((c) => [c.chainId, nativeCurrencyOf(c.chainId)])),
      providers,
      codec: context.codec,
      spam: config.spam,
      rpcUrls: config.rpcUrls,
      followers,
    })
  },
}
