import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyAdapter } from '../shared/lazy.js'
import type { SessionNamespaceWatcher, WalletConnectSessions } from '../walletConnect/sessions.js'
import type { PolkadotAdapter, PolkadotAdapterParameters } from './adapter.js'
import { POLKADOT_CONNECTION_KEY } from './connection.js'
import { polkadotConnectors, watchPolkadotExtensions } from './extensions.js'
import { polkadotTraits } from './traits.js'

/**
 * The Polkadot adapter for apps that must not pay for Polkadot before a visitor uses it: the
 * extensions on `window.injectedWeb3` show in the modal at once, while @polkadot/api and the
 * adapter load on the first connect, or on start when the last visit left an extension connected.
 */
export function createLazyPolkadotAdapter(parameters: PolkadotAdapterParameters): PolkadotAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const { networks } = parameters
  let watcher: ReturnType<typeof watchPolkadotExtensions> | undefined
  let loaded: Promise<PolkadotAdapter> | undefined
  let inner: PolkadotAdapter | undefined
  // WalletConnect: this stand-in watches the session, so @polkadot/api loads only when a phone
  // wallet approves Polkadot accounts; the loaded adapter's own watcher then does the work.
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
    loaded ??= import('./adapter.js').then(({ createPolkadotAdapter }) => {
      inner = createPolkadotAdapter({ ...parameters, storage, walletConnect: forInner })
      return inner
    })
    return loaded
  }
  const lazy = createLazyAdapter({
    traits: polkadotTraits,
    networks,
    load,
    connectors(emit) {
      watcher ??= watchPolkadotExtensions(() =>
        emit('connectors', polkadotConnectors(watcher?.list() ?? [], networks)),
      )
      return polkadotConnectors(watcher.list(), networks)
    },
    hasConnection: () => Boolean(storage.getItem(POLKADOT_CONNECTION_KEY)),
    forgetConnection: () => storage.removeItem(POLKADOT_CONNECTION_KEY),
    stop: () => {
      watcher?.stop()
      unwatch?.()
    },
  })
  const unwatch = sessions?.watch('polkadot', {
    async approved(session) {
      await lazy.load()
      return (await innerWatcher?.approved(session)) ?? false
    },
    ended: (topic) => innerWatcher?.ended(topic),
  })
  return Object.assign(lazy, {
    namespace: 'polkadot' as const,
    getAccounts: () => inner?.getAccounts() ?? [],
    selectAccount: async (address: string) => (await load()).selectAccount(address),
    getBalances: async (p: Parameters<PolkadotAdapter['getBalances']>[0]) =>
      (await load()).getBalances(p),
    watchTransaction: (
      hash: string,
      listener: Parameters<PolkadotAdapter['watchTransaction']>[1],
    ) => inner?.watchTransaction(hash, listener) ?? (() => {}),
  }) as PolkadotAdapter
}
