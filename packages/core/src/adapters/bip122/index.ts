// @latch/core/bitcoin: the Bitcoin chain adapter (docs/bitcoin.md), with wallets found through the
// wallet standard, sats-connect's provider list and Unisat-style injected objects. Only this
// subpath pulls in Bitcoin code, and only its light part: @scure/btc-signer loads with the lazy
// adapter's first use. Nothing here imports adapter.ts or send.ts, even unused: a bundler that
// splits code (esbuild) would otherwise put them, and btc-signer, in a chunk the page loads.
// The eager adapter is `@latch/core/bitcoin/adapter`.
export type { BitcoinAdapter, BitcoinAdapterParameters } from './adapter.js'
export {
  type AddressNetwork,
  type AddressType,
  normalizeBitcoinAddress,
  type ParsedAddress,
  parseBitcoinAddress,
} from './address.js'
export { formatSats } from './balance.js'
export { BITCOIN_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
export {
  BitcoinAddressNetworkError,
  BitcoinBroadcastError,
  BitcoinDustAmountError,
  BitcoinInsufficientFundsError,
  BitcoinInvalidAddressError,
  BitcoinWalletError,
  BitcoinWalletRejectedError,
} from './errors.js'
export {
  createEsploraClient,
  type EsploraAddress,
  type EsploraClient,
  EsploraError,
  type EsploraStatus,
  type EsploraUtxo,
  esploraUrl,
} from './esplora.js'
export { defaultFeeRate, FEE_TARGETS, feeRateOptions } from './feeRates.js'
export { createLazyBitcoinAdapter } from './lazy.js'
export { bitcoinMessageVerifier } from './messageVerifier.js'
export {
  bitcoinMainnet,
  bitcoinNetworks,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
} from './networks.js'
export { type BitcoinNetworkName, networkNameOf } from './params.js'
export { BIP122_RPC, BIP122_RPC_METHODS, BIP122_WALLET_EVENTS } from './rpcMethods.js'
export type { TransferPlan } from './send.js'
export { type BitcoinSendDetail, bitcoinTraits } from './traits.js'
export type {
  BitcoinAccount,
  BitcoinAccountType,
  BitcoinWallet,
  MessageProtocol,
} from './wallet.js'
export {
  type Bip122SessionClient,
  bip122SessionAccounts,
  createWalletConnectBitcoinWallet,
  type WalletConnectBitcoinWallet,
} from './walletConnect.js'
export { bitcoinConnectors, dedupeWallets, watchBitcoinWallets } from './wallets.js'
