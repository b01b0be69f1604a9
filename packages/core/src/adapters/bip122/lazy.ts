import { defaultStorageBackend } from '../../storage/backend.js'
import { createLazyFamilyAdapter } from '../shared/lazyFamily.js'
import type { FeeRateOption } from '../types.js'
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
 * connect, or on start when the last visit left a Bitcoin wallet connected (shared/lazyFamily.ts).
 * Fee rates are a plain read and load nothing.
 */
export function createLazyBitcoinAdapter(parameters: BitcoinAdapterParameters): BitcoinAdapter {
  const storage = parameters.storage ?? defaultStorageBackend()
  const lazy = createLazyFamilyAdapter({
    traits: bitcoinTraits,
    networks: parameters.networks,
    storage,
    connectionKey: BITCOIN_CONNECTION_KEY,
    walletConnect: parameters.walletConnect,
    watchWallets: watchBitcoinWallets,
    connectors: bitcoinConnectors,
    load: (walletConnect) =>
      import('./adapter.js').then(({ createBitcoinAdapter }) =>
        createBitcoinAdapter({ ...parameters, storage, walletConnect }),
      ),
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
    getAccounts: () => lazy.loaded()?.getAccounts() ?? [],
    connectWallet: async (wallet: Parameters<BitcoinAdapter['connectWallet']>[0]) =>
      (await lazy.load()).connectWallet(wallet),
  }) as BitcoinAdapter
}
