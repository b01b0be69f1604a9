import { ApiPromise, WsProvider } from '@polkadot/api'
import type { CaipNetwork } from '../../networks/types.js'
import { PolkadotWalletError } from './errors.js'

// One @polkadot/api connection per chain url, opened on first use. The adapter loads this file
// (and @polkadot/api) with its first connect, never with the page.

export interface ChainApis {
  api(network: CaipNetwork): Promise<ApiPromise>
  close(): Promise<void>
}

export function createChainApis(): ChainApis {
  const open = new Map<string, Promise<ApiPromise>>()
  return {
    api(network) {
      const url = network.rpcUrls.default.webSocket?.[0]
      if (!url) throw new PolkadotWalletError(`${network.name} has no WebSocket RPC url`)
      // Keyed by the network too: each url is checked to serve the chain its network names.
      const key = `${network.caipNetworkId} ${url}`
      let api = open.get(key)
      if (!api) {
        api = connect(url, network)
        open.set(key, api)
        // A chain that could not be reached is tried afresh next time.
        api.catch(() => open.delete(key))
      }
      return api
    },
    async close() {
      const all = [...open.values()]
      open.clear()
      await Promise.all(all.map((api) => api.then((a) => a.disconnect()).catch(() => undefined)))
    },
  }
}

async function connect(url: string, network: CaipNetwork): Promise<ApiPromise> {
  let api: ApiPromise
  try {
    api = await ApiPromise.create({
      provider: new WsProvider(url),
      throwOnConnect: true,
      noInitWarn: true,
    })
  } catch (cause) {
    throw new PolkadotWalletError(`Could not reach ${network.name}`, {
      cause,
      category: 'RPC_ERROR',
    })
  }
  // A url pointing at another chain would sign transactions for it: the genesis must be the id's.
  const genesis = api.genesisHash.toHex().slice(2, 34)
  if (genesis !== String(network.id)) {
    await api.disconnect().catch(() => undefined)
    throw new PolkadotWalletError(`${url} serves another chain than ${network.name}`, {
      details: `genesis 0x${genesis}…, expected ${network.caipNetworkId}`,
      category: 'RPC_ERROR',
    })
  }
  return api
}
