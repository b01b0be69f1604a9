// @latch/core/polkadot: the Polkadot chain adapter (docs/polkadot.md), with the browser extensions
// found on `window.injectedWeb3` (polkadot-js, Talisman, SubWallet, …). Only this subpath pulls in
// Polkadot code, and only its light part: @polkadot/api loads with the lazy adapter's first use.
// Nothing here imports adapter.ts, api.ts or transfer.ts, even unused: a bundler that splits code
// would otherwise put them, and @polkadot/api, in a chunk the page loads.
// The eager adapter is `@latch/core/polkadot/adapter`.
export type { PolkadotAccount } from './accounts.js'
export type { PolkadotAdapter, PolkadotAdapterParameters } from './adapter.js'
export { balanceOf, formatPlanck, type PolkadotBalance } from './balance.js'
export { POLKADOT_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
export {
  PolkadotExistentialDepositError,
  PolkadotInsufficientBalanceError,
  PolkadotInvalidAddressError,
  PolkadotTransactionError,
  PolkadotWalletError,
  PolkadotWalletRejectedError,
} from './errors.js'
export {
  type InjectedAccount,
  type InjectedExtension,
  type InjectedSigner,
  type InjectedWeb3Entry,
  injectedExtensions,
  type PolkadotExtension,
  type PolkadotKeyType,
  polkadotConnectors,
  type SignerPayloadRaw,
  type SignerResult,
  watchPolkadotExtensions,
} from './extensions.js'
export { createLazyPolkadotAdapter } from './lazy.js'
export { polkadotMessageVerifier } from './messageVerifier.js'
export {
  createPolkadotDevNetwork,
  kusamaNetwork,
  POLKADOT_DEV_GENESIS,
  polkadotAssetHubNetwork,
  polkadotNetwork,
  polkadotNetworks,
  ss58PrefixOf,
  westendNetwork,
} from './networks.js'
export { checkTransfer, type TransferCheck } from './send.js'
export { messageHex, wrapBytes } from './sign.js'
export { type DecodedSs58, decodeSs58, encodeSs58, respellSs58, sameSs58Account } from './ss58.js'
export { polkadotTraits } from './traits.js'
export type { PolkadotSendDetail, TransactionStage } from './transfer.js'
