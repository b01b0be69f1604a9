/**
 * The chain as cosmjs reads it: one StargateClient per CometBFT RPC URL (queries, getTx) and a
 * SigningStargateClient per send, on the wallet's offline signer. Heavy: loads with the adapter.
 */
import type { OfflineSigner } from '@cosmjs/proto-signing'
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import type { CaipNetwork } from '../../networks/types.js'
import { type CosmosChain, cosmosChainOf } from './chains.js'
import { CosmosChainUnsupportedError } from './errors.js'

export const rpcUrlOf = (network: CaipNetwork): string => {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new CosmosChainUnsupportedError(String(network.id))
  return url
}

/** The chain data of `network`, or a typed refusal: its prefix and fee denom are not guessed. */
export function chainOf(network: CaipNetwork): CosmosChain {
  const chain = cosmosChainOf(network)
  if (!chain || network.chainNamespace !== 'cosmos')
    throw new CosmosChainUnsupportedError(String(network.id))
  return chain
}

export function createQueryClients() {
  const clients = new Map<string, Promise<StargateClient>>()
  return (network: CaipNetwork): Promise<StargateClient> => {
    const url = rpcUrlOf(network)
    let client = clients.get(url)
    if (!client) {
      client = StargateClient.connect(url)
      // A node that did not answer is asked again next time, not remembered as down.
      client.catch(() => clients.delete(url))
      clients.set(url, client)
    }
    return client
  }
}

export const signingClient = (network: CaipNetwork, signer: OfflineSigner) =>
  SigningStargateClient.connectWithSigner(rpcUrlOf(network), signer)
