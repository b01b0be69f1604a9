import type { ProviderConfig } from '../config.js'
import { nativeCurrencyOf } from '../currency.js'
import type { SpamPolicy } from '../spam.js'
import { BlockscoutProvider } from './blockscout.js'
import { EtherscanProvider } from './etherscan.js'
import type { HistoryProvider } from './types.js'

export interface ProviderDeps {
  spam: SpamPolicy
  fetch?: typeof fetch
}

export function createProvider(config: ProviderConfig, deps: ProviderDeps): HistoryProvider {
  const native = nativeCurrencyOf(config.chainId)
  if (config.kind === 'blockscout')
    return new BlockscoutProvider({
      chainId: config.chainId,
      baseUrl: config.baseUrl,
      native,
      ...deps,
    })
  return new EtherscanProvider({
    chainId: config.chainId,
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    native,
    ...deps,
  })
}
