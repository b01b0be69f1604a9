import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyFamilyAdapter } from '../shared/lazyFamily.js'
import type { CosmosAdapter, CosmosAdapterParameters } from './adapter.js'
import { COSMOS_CONNECTION_KEY } from './connection.js'
import { cosmosTraits } from './traits.js'
import { cosmosConnectors, watchCosmosWallets } from './wallets.js'

/**
 * The Cosmos adapter for apps that must not pay for Cosmos before a visitor uses it: the
 * Keplr-API wallets on the page show in the modal at once, while cosmjs and the adapter load on
 * the first Cosmos connect, on start when the last visit left a Cosmos wallet connected, or when a
 * WalletConnect wallet approves Cosmos accounts (shared/lazyFamily.ts).
 */
export function createLazyCosmosAdapter(parameters: CosmosAdapterParameters): CosmosAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const lazy = createLazyFamilyAdapter({
    traits: cosmosTraits,
    networks: parameters.networks,
    storage,
    connectionKey: COSMOS_CONNECTION_KEY,
    walletConnect: parameters.walletConnect,
    watchWallets: watchCosmosWallets,
    connectors: cosmosConnectors,
    load: (walletConnect) =>
      import('./adapter.js').then(({ createCosmosAdapter }) =>
        createCosmosAdapter({ ...parameters, storage, walletConnect }),
      ),
  })
  return Object.assign(lazy, {
    namespace: 'cosmos' as const,
    getBalances: async (query: Parameters<CosmosAdapter['getBalances']>[0]) =>
      (await lazy.load()).getBalances(query),
  }) as CosmosAdapter
}
