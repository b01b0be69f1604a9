import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyAdapter } from '../shared/lazy.js'
import type { SessionNamespaceWatcher, WalletConnectSessions } from '../walletConnect/sessions.js'
import type { CosmosAdapter, CosmosAdapterParameters } from './adapter.js'
import { COSMOS_CONNECTION_KEY } from './connection.js'
import { cosmosTraits } from './traits.js'
import { cosmosConnectors, watchCosmosWallets } from './wallets.js'

/**
 * The Cosmos adapter for apps that must not pay for Cosmos before a visitor uses it: the
 * Keplr-API wallets on the page show in the modal at once, while cosmjs and the adapter load on
 * the first Cosmos connect, or on start when the last visit left a Cosmos wallet connected.
 */
export function createLazyCosmosAdapter(parameters: CosmosAdapterParameters): CosmosAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const { networks } = parameters
  let watcher: ReturnType<typeof watchCosmosWallets> | undefined
  let loaded: Promise<CosmosAdapter> | undefined
  // WalletConnect: this stand-in watches the session, so cosmjs loads only when a phone wallet
  // approves Cosmos accounts; the loaded adapter's own watcher then does the work.
  const sessions = parameters.walletConnect
  let innerWatcher: SessionNamespaceWatcher | undefined
  const forInner: WalletConnectSessions | undefined = sessions && {
    ...sessions,
    watch: (_namespace, next) => {
      innerWatcher = next
      return () => {
        innerWatcher = undefined
      }
    },
  }
  const load = () => {
    loaded ??= import('./adapter.js').then(({ createCosmosAdapter }) =>
      createCosmosAdapter({ ...parameters, storage, walletConnect: forInner }),
    )
    return loaded
  }
  const lazy = createLazyAdapter({
    traits: cosmosTraits,
    networks,
    load,
    connectors(emit) {
      watcher ??= watchCosmosWallets(() =>
        emit('connectors', cosmosConnectors(watcher?.list() ?? [], networks)),
      )
      return cosmosConnectors(watcher.list(), networks)
    },
    hasConnection: () => Boolean(storage.getItem(COSMOS_CONNECTION_KEY)),
    forgetConnection: () => storage.removeItem(COSMOS_CONNECTION_KEY),
    stop: () => {
      watcher?.stop()
      unwatch?.()
    },
  })
  const unwatch = sessions?.watch('cosmos', {
    async approved(session) {
      await lazy.load()
      return (await innerWatcher?.approved(session)) ?? false
    },
    ended: (topic) => innerWatcher?.ended(topic),
  })
  return Object.assign(lazy, {
    namespace: 'cosmos' as const,
    getBalances: async (query: Parameters<CosmosAdapter['getBalances']>[0]) =>
      (await load()).getBalances(query),
  }) as CosmosAdapter
}
