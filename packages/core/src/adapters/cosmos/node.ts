import type { CaipNetwork } from '../../networks/types.js'
import { type CosmosChain, cosmosChainOf } from './chains.js'
import { CosmosChainUnsupportedError } from './errors.js'
import { type CometRpc, createCometRpc } from './rpc.js'

/** The chain data of `network`, or a typed refusal: its prefix and fee denom are not guessed. */
export function chainOf(network: CaipNetwork): CosmosChain {
  const chain = cosmosChainOf(network)
  if (!chain || network.chainNamespace !== 'cosmos')
    throw new CosmosChainUnsupportedError(String(network.id))
  return chain
}

/** One JSON-RPC client per network's CometBFT RPC URL. */
export function createRpcs(fetchImpl?: typeof fetch) {
  const clients = new Map<string, CometRpc>()
  return (network: CaipNetwork): CometRpc => {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new CosmosChainUnsupportedError(String(network.id))
    let client = clients.get(url)
    if (!client) {
      client = createCometRpc(url, fetchImpl)
      clients.set(url, client)
    }
    return client
  }
}
