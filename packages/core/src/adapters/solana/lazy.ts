import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyAdapter } from '../shared/lazy.js'
import type { SolanaAdapter, SolanaAdapterParameters } from './adapter.js'
import { solanaTraits } from './traits.js'
import { solanaConnectors, watchSolanaWallets } from './wallets.js'

/** Mirrors adapter.ts's key; kept apart so that reading it loads nothing of @solana/kit. */
const CONNECTION_KEY = '@latch/solana/connection'

/**
 * The Solana adapter for apps that must not pay for Solana before a visitor uses it: wallet
 * discovery (the wallet standard's small handshake) runs at once, so Solana wallets show in the
 * modal, while `@solana/kit` and the adapter itself load on the first connect, or on start when
 * the last visit left a Solana wallet connected (docs/solana.md#wallets).
 */
export function createLazySolanaAdapter(parameters: SolanaAdapterParameters): SolanaAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const { networks, embeddedWallet } = parameters
  let watcher: ReturnType<typeof watchSolanaWallets> | undefined
  return createLazyAdapter({
    traits: solanaTraits,
    networks,
    load: () =>
      import('./adapter.js').then(({ createSolanaAdapter }) =>
        createSolanaAdapter({ ...parameters, storage }),
      ),
    connectors(emit) {
      watcher ??= watchSolanaWallets((list) =>
        emit('connectors', solanaConnectors(list, networks, embeddedWallet)),
      )
      return solanaConnectors(watcher.list(), networks, embeddedWallet)
    },
    hasConnection: () => Boolean(storage.getItem(CONNECTION_KEY)),
    forgetConnection: () => storage.removeItem(CONNECTION_KEY),
    stop: () => watcher?.stop(),
  }) as SolanaAdapter
}
