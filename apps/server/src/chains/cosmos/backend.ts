import { HttpError } from '../../http/errors.js'
import type { CursorCodec } from '../shared/cursor.js'
import { pageLimit } from '../shared/page.js'
import type { ChainBackend, ChainBackendFactory } from '../types.js'
import { cosmosBalances } from './balances.js'
import { cosmosCatalogue } from './catalogue.js'
import { type CosmosConfig, loadCosmosConfig } from './config.js'
import { cosmosHistory } from './history.js'
import { COSMOS, looksLikeCosmosAddress } from './networks.js'
import { type CosmosChains, cosmosChains, isCosmosChainId, upstreamFailure } from './service.js'
import { cosmosSignIn } from './sign-in.js'

/** The Cosmos backend: history and balances read from a node (REST + CometBFT RPC) on demand. */
export function cosmosBackend(chains: CosmosChains, codec: CursorCodec): ChainBackend {
  return {
    namespace: COSMOS,
    historyChains: () => chains.ids,
    claims: (address, chainId) =>
      isCosmosChainId(chainId) ||
      ((chainId === undefined || chainId === '') &&
        chains.ids.length > 0 &&
        looksLikeCosmosAddress(address)),
    async history(query) {
      const chainId = chains.chainFor(query.address, query.chainId || undefined)
      const client = chains.clientOf(chainId)
      const network = chains.networkOf(chainId)
      const viewer = chains.address(query.address, chainId)
      const limit = pageLimit(query.limit)
      try {
        const { page } = await cosmosHistory({
          client,
          network,
          codec,
          viewer: viewer.address,
          cursor: query.cursor,
          limit,
        })
        return page
      } catch (error) {
        if (error instanceof HttpError) throw error
        query.log.warn({ err: error, chainId }, 'Cosmos history read failed')
        return upstreamFailure(chainId, error)
      }
    },
    async balances(query) {
      const client = chains.clientOf(query.chainId)
      const network = chains.networkOf(query.chainId)
      const viewer = chains.address(query.address, query.chainId)
      try {
        return await cosmosBalances(client, network, viewer.address)
      } catch (error) {
        query.log.warn({ err: error, chainId: query.chainId }, 'Cosmos balance read failed')
        return upstreamFailure(query.chainId, error)
      }
    },
    followers: [],
    verifySignIn: cosmosSignIn().verifySignIn,
  }
}

/** Cosmos chains (LATCH_COSMOS_NODES): read from a node with tx indexing when asked. */
export const cosmosFamily: ChainBackendFactory<CosmosConfig> = {
  namespace: COSMOS,
  catalogue: cosmosCatalogue,
  chainIdExample: 'cosmos:cosmoshub-4',
  loadConfig: (env, issues) => loadCosmosConfig(env, issues),
  signIn: () => cosmosSignIn().verifySignIn,
  create: (config, context) =>
    config.chains.length === 0
      ? undefined
      : cosmosBackend(cosmosChains(config, context.fetch), context.codec),
}
