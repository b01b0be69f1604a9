import type { CaipNetwork } from '../../networks/types.js'
import type { CosmosChain } from './chains.js'
import type { KeplrChainInfo } from './keplr.js'

/**
 * What experimentalSuggestChain tells a wallet that lacks the chain (the dev chain; any chain a
 * wallet's own list misses): its endpoints, key path, prefixes and denoms. The wallet reads the
 * chain through these URLs itself.
 */
export function keplrChainInfo(network: CaipNetwork, chain: CosmosChain): KeplrChainInfo {
  const rpc = network.rpcUrls.default.http[0] ?? ''
  const rest = (network.rpcUrls as { rest?: { http: readonly string[] } }).rest?.http[0] ?? rpc
  const p = chain.prefix
  const currencies = chain.denoms.map((d) => ({
    coinDenom: d.symbol,
    coinMinimalDenom: d.base,
    coinDecimals: d.decimals,
  }))
  const [fee] = currencies as [(typeof currencies)[number]]
  return {
    chainId: chain.chainId,
    chainName: network.name,
    rpc,
    rest,
    bip44: { coinType: chain.coinType },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies,
    feeCurrencies: [{ ...fee, gasPriceStep: chain.gasPrice }],
    stakeCurrency: fee,
  }
}
