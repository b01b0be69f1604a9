import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyFamilyAdapter } from '../shared/lazyFamily.js'
import type { PolkadotAdapter, PolkadotAdapterParameters } from './adapter.js'
import { POLKADOT_CONNECTION_KEY } from './connection.js'
import { polkadotConnectors, watchPolkadotExtensions } from './extensions.js'
import { polkadotTraits } from './traits.js'

/**
 * The Polkadot adapter for apps that must not pay for Polkadot before a visitor uses it: the
 * extensions on `window.injectedWeb3` show in the modal at once, while @polkadot/api and the
 * adapter load on the first connect, on start when the last visit left an extension connected, or
 * when a WalletConnect wallet approves Polkadot accounts (shared/lazyFamily.ts).
 */
export function createLazyPolkadotAdapter(parameters: PolkadotAdapterParameters): PolkadotAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const lazy = createLazyFamilyAdapter({
    traits: polkadotTraits,
    networks: parameters.networks,
    storage,
    connectionKey: POLKADOT_CONNECTION_KEY,
    walletConnect: parameters.walletConnect,
    watchWallets: watchPolkadotExtensions,
    connectors: polkadotConnectors,
    load: (walletConnect) =>
      import('./adapter.js').then(({ createPolkadotAdapter }) =>
        createPolkadotAdapter({ ...parameters, storage, walletConnect }),
      ),
  })
  return Object.assign(lazy, {
    namespace: 'polkadot' as const,
    getAccounts: () => lazy.loaded()?.getAccounts() ?? [],
    selectAccount: async (address: string) => (await lazy.load()).selectAccount(address),
    getBalances: async (p: Parameters<PolkadotAdapter['getBalances']>[0]) =>
      (await lazy.load()).getBalances(p),
    watchTransaction: (
      hash: string,
      listener: Parameters<PolkadotAdapter['watchTransaction']>[1],
    ) => lazy.loaded()?.watchTransaction(hash, listener) ?? (() => {}),
  }) as PolkadotAdapter
}
