import { createSolanaRpc } from '@solana/kit'
import { RpcUrlUnavailableError } from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/** One RPC client per network, on the network's first RPC url (the app sets it, e.g. its own node). */
export function rpcPool(): (network: CaipNetwork) => SolanaRpc {
  const clients = new Map<string, SolanaRpc>()
  return (network) => {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new RpcUrlUnavailableError(network.caipNetworkId, '(none configured)')
    let client = clients.get(url)
    if (!client) {
      client = createSolanaRpc(url)
      clients.set(url, client)
    }
    return client
  }
}
