import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyAdapter } from '../shared/lazy.js'
import type { FeeRateOption } from '../types.js'
import type { SessionNamespaceWatcher, WalletConnectSessions } from '../walletConnect/sessions.js'
import type { BitcoinAdapter, BitcoinAdapterParameters } from './adapter.js'
import { BITCOIN_CONNECTION_KEY } from './connection.js'
import { createEsploraClient, esploraBase } from './esplora.js'
import { feeRateOptions } from './feeRates.js'
import { bitcoinTraits } from './traits.js'
import { bitcoinConnectors, watchBitcoinWallets } from './wallets.js'

/**
 * The Bitcoin adapter for apps that must not pay for Bitcoin before a visitor uses it: wallet
 * discovery (the wallet standard's handshake, sats-connect's list, injected objects) runs at once
 * so the wallets show in the modal, while @scure/btc-signer and the adapter load on the first
 * connect, or on start when the last visit left a Bitcoin wallet connected. Fee rates are a plain
 * read and load nothing.
 */
export function createLazyBitcoinAdapter(parameters: BitcoinAdapterParameters): BitcoinAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const { networks } = parameters
  let watcher: ReturnType<typeof watchBitcoinWallets> | undefined
  let loaded: Promise<BitcoinAdapter> | undefined
  let inner: BitcoinAdapter | undefined
  // WalletConnect: this stand-in watches the session, so the adapter loads only when a wallet
  // approves Bitcoin accounts; the loaded adapter's own watcher then does the work.
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
    loaded ??= import('./adapter.js').then(({ createBitcoinAdapter }) => {
      inner = createBitcoinAdapter({ ...parameters, storage, walletConnect: forInner })
      return inner
    })
    return loaded
  }
  const lazy = createLazyAdapter({
    traits: bitcoinTraits,
    networks,
    load,
    connectors(emit) {
      watcher ??= watchBitcoinWallets(() =>
        emit('connectors', bitcoinConnectors(watcher?.list() ?? [], networks)),
      )
      return bitcoinConnectors(watcher.list(), networks)
    },
    hasConnection: () => Boolean(storage.getItem(BITCOIN_CONNECTION_KEY)),
    forgetConnection: () => storage.removeItem(BITCOIN_CONNECTION_KEY),
    stop: () => {
      watcher?.stop()
      unwatch?.()
    },
  })
  const unwatch = sessions?.watch('bip122', {
    async approved(session) {
      await lazy.load()
      return (await innerWatcher?.approved(session)) ?? false
    },
    ended: (topic) => innerWatcher?.ended(topic),
  })
  return Object.assign(lazy, {
    namespace: 'bip122' as const,
    async feeRates({ network }: Parameters<BitcoinAdapter['feeRates']>[0]) {
      const estimates = await createEsploraClient(
        esploraBase(network),
        parameters.fetch,
      ).feeEstimates()
      return feeRateOptions(estimates) as readonly FeeRateOption[]
    },
    getAccounts: () => inner?.getAccounts() ?? [],
    connectWallet: async (wallet: Parameters<BitcoinAdapter['connectWallet']>[0]) =>
      (await lazy.load()).connectWallet(wallet),
  }) as BitcoinAdapter
}
