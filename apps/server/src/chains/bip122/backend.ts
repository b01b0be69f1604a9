import { HttpError } from '../../http/errors.js'
import type { CursorCodec } from '../shared/cursor.js'
import { pageLimit } from '../shared/page.js'
import type { ChainBackend, ChainBackendFactory } from '../types.js'
import { bitcoinBalances } from './balances.js'
import { bitcoinCatalogue } from './catalogue.js'
import { type BitcoinConfig, loadBitcoinConfig } from './config.js'
import { esploraRoutes } from './esplora-routes.js'
import { bitcoinHistoryPage } from './history.js'
import { looksLikeBitcoinAddress } from './networks.js'
import { type BitcoinChains, bitcoinChains, isBitcoinChainId, upstreamFailure } from './service.js'
import { bitcoinSignIn } from './sign-in.js'

/** The Bitcoin backend: history and balances read from Esplora on demand, and its pass-through. */
export function bitcoinBackend(chains: BitcoinChains, codec: CursorCodec): ChainBackend {
  return {
    namespace: 'bip122',
    historyChains: () => chains.ids,
    claims: (address, chainId) =>
      isBitcoinChainId(chainId) ||
      ((chainId === undefined || chainId === '') &&
        chains.ids.length > 0 &&
        looksLikeBitcoinAddress(address)),
    async history(query) {
      const chainId = chains.chainFor(query.address, query.chainId || undefined)
      const client = chains.clientOf(chainId)
      const viewer = chains.address(query.address, chainId)
      const limit = pageLimit(query.limit)
      try {
        return await bitcoinHistoryPage({
          client,
          codec,
          viewer,
          cursor: query.cursor,
          limit,
          now: new Date(),
        })
      } catch (error) {
        if (error instanceof HttpError) throw error
        query.log.warn({ err: error, chainId }, 'Esplora history read failed')
        return upstreamFailure(chainId, error)
      }
    },
    async balances(query) {
      const client = chains.clientOf(query.chainId)
      const viewer = chains.address(query.address, query.chainId)
      try {
        return await bitcoinBalances(client, viewer)
      } catch (error) {
        query.log.warn({ err: error, chainId: query.chainId }, 'Esplora balance read failed')
        return upstreamFailure(query.chainId, error)
      }
    },
    followers: [],
    routes: (scoped) => esploraRoutes({ chains, scoped }),
    verifySignIn: bitcoinSignIn().verifySignIn,
  }
}

/** Bitcoin chains (LATCH_BITCOIN_ESPLORA): read from an Esplora-compatible REST when asked. */
export const bitcoinFamily: ChainBackendFactory<BitcoinConfig> = {
  namespace: 'bip122',
  catalogue: bitcoinCatalogue,
  chainIdExample: 'bip122:000000000019d6689c085ae165831e93',
  loadConfig: (env, issues) => loadBitcoinConfig(env, issues),
  signIn: () => bitcoinSignIn().verifySignIn,
  create: (config, context) =>
    config.chains.length === 0
      ? undefined
      : bitcoinBackend(bitcoinChains(config, context.fetch), context.codec),
}
