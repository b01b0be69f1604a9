// @latch/core/bitcoin: the Bitcoin chain adapter (docs/bitcoin.md). Only this subpath pulls in
// Bitcoin code; the heavy libraries (@scure/btc-signer) load with the adapter's first use.
export { type AddressNetwork, type AddressType, parseBitcoinAddress } from './address.js'
export {
  BitcoinAddressNetworkError,
  BitcoinBroadcastError,
  BitcoinDustAmountError,
  BitcoinInsufficientFundsError,
  BitcoinInvalidAddressError,
  BitcoinWalletError,
  BitcoinWalletRejectedError,
} from './errors.js'
export { createEsploraClient, type EsploraClient, EsploraError, esploraUrl } from './esplora.js'
export {
  bitcoinMainnet,
  bitcoinNetworks,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
} from './networks.js'
export { type BitcoinSendDetail, bitcoinTraits } from './traits.js'
