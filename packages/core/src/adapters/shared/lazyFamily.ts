import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import type { StorageBackend } from '../../storage/backend.js'
import type { Connector } from '../../stores/connectors.js'
import type { ChainAdapter } from '../types.js'
import type { SessionNamespaceWatcher, WalletConnectSessions } from '../walletConnect/sessions.js'
import { createLazyAdapter } from './lazy.js'
import type { NamespaceTraits } from './traits.js'

/** A family's wallet discovery, running with the page (no adapter code needed). */
export interface WalletWatcher<wallet> {
  list(): wallet[]
  stop(): void
}

export interface LazyFamilyParameters<adapter extends ChainAdapter, wallet> {
  traits: NamespaceTraits & { namespace: ChainNamespace }
  networks: readonly CaipNetwork[]
  storage: StorageBackend
  /** Where the adapter keeps the last visit's connection: with none, nothing loads on start. */
  connectionKey: string
  walletConnect?: WalletConnectSessions | undefined
  watchWallets(onChange: () => void): WalletWatcher<wallet>
  connectors(wallets: wallet[], networks: readonly CaipNetwork[]): Connector[]
  /**
   * Imports and makes the adapter; `walletConnect` is the session stand-in the loaded adapter
   * watches its namespace through (it replaces this wrapper's watcher once loaded).
   */
  load(walletConnect: WalletConnectSessions | undefined): Promise<adapter>
}

/**
 * The lazy adapter every browser-wallet family wraps itself in (Bitcoin, Polkadot, Cosmos): its
 * wallets show in the modal at once, its adapter (and the chain's libraries) load on the first
 * connect, on start when the last visit left a wallet connected, or when a WalletConnect wallet
 * approves accounts in its namespace. The family adds only its own extra methods on top.
 */
export function createLazyFamilyAdapter<adapter extends ChainAdapter, wallet>(
  parameters: LazyFamilyParameters<adapter, wallet>,
) {
  const { storage, connectionKey, networks } = parameters
  let watcher: WalletWatcher<wallet> | undefined
  let inner: adapter | undefined
  // WalletConnect: the wrapper watches the session, so the adapter loads only when a wallet
  // approves accounts of this namespace; the loaded adapter's own watcher then does the work.
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
  const lazy = createLazyAdapter<adapter>({
    traits: parameters.traits,
    networks,
    load: () =>
      parameters.load(forInner).then((adapter) => {
        inner = adapter
        return adapter
      }),
    connectors(emit) {
      watcher ??= parameters.watchWallets(() =>
        emit('connectors', parameters.connectors(watcher?.list() ?? [], networks)),
      )
      return parameters.connectors(watcher.list(), networks)
    },
    hasConnection: () => Boolean(storage.getItem(connectionKey)),
    forgetConnection: () => storage.removeItem(connectionKey),
    stop: () => {
      watcher?.stop()
      unwatch?.()
    },
  })
  const unwatch = sessions?.watch(parameters.traits.namespace, {
    async approved(session) {
      await lazy.load()
      return (await innerWatcher?.approved(session)) ?? false
    },
    ended: (topic) => innerWatcher?.ended(topic),
  })
  return Object.assign(lazy, {
    /** The adapter once loaded; undefined before (sync reads answer empty until then). */
    loaded: () => inner,
  })
}
