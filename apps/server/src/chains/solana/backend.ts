import { pageLimit } from '../shared/page.js'
import type { ChainBackend, ChainBackendFactory } from '../types.js'
import { solanaCatalogue } from './catalogue.js'
import { loadSolanaConfig, type SolanaConfig } from './config.js'
import { solanaUpstreams } from './rpc.js'
import type { SolanaService } from './service.js'
import { createSolanaService } from './service.js'
import { solanaSignIn } from './sign-in.js'

/** The Solana backend around its service: history read on demand, no follower. */
export function solanaBackend(service: SolanaService): ChainBackend {
  return {
    namespace: 'solana',
    historyChains: () => service.clusters,
    claims: (address, chainId) => service.claims(address, chainId),
    // The page size is read first, as it always was for Solana.
    history: (query) =>
      service.page({
        address: query.address,
        chainId: query.chainId,
        cursor: query.cursor,
        limit: pageLimit(query.limit),
      }),
    balances: (query) => service.balances(query.address, query.chainId),
    followers: [],
    verifySignIn: solanaSignIn().verifySignIn,
  }
}

/** Solana clusters (LATCH_SOLANA_CLUSTERS): account history read from the cluster when asked. */
export const solanaFamily: ChainBackendFactory<SolanaConfig> = {
  namespace: 'solana',
  catalogue: solanaCatalogue,
  chainIdExample: 'solana:<genesis hash prefix>',
  loadConfig: (env, issues) => loadSolanaConfig(env, issues),
  rpcUpstreams: (config, context) => solanaUpstreams(config.clusters, context),
  signIn: () => solanaSignIn().verifySignIn,
  create: (config, context) =>
    config.clusters.length === 0
      ? undefined
      : solanaBackend(
          createSolanaService(context.db, config, {
            codec: context.codec,
            airdropMinRecipients: context.airdropMinRecipients,
          }),
        ),
}
