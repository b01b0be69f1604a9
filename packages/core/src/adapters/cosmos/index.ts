// @latch/core/cosmos: the Cosmos chain adapter (docs/cosmos.md), for Keplr-API wallets (Keplr,
// Leap, Cosmostation). Only this subpath pulls in Cosmos code, and only its light part: cosmjs
// loads with the lazy adapter's first use. Nothing here imports adapter.ts, node.ts or send.ts,
// even unused: a bundler that splits code would otherwise put cosmjs in a chunk the page loads.
// The eager adapter is `@latch/core/cosmos/adapter`.

export type { CosmosAdapter, CosmosAdapterParameters, CosmosBalance } from './adapter.js'
export { type ParsedCosmosAddress, parseCosmosAddress, toPrefix } from './address.js'
export { keplrChainInfo } from './chainInfo.js'
export {
  COSMOS_CHAINS,
  type CosmosChain,
  type CosmosDenom,
  cosmosChainOf,
  denomOf,
  formatDenomAmount,
} from './chains.js'
export { COSMOS_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
export {
  CosmosBroadcastError,
  CosmosChainUnsupportedError,
  CosmosInvalidAddressError,
  CosmosSimulationError,
  CosmosWalletError,
  CosmosWalletRejectedError,
} from './errors.js'
export {
  type CosmosWallet,
  KEPLR_WALLETS,
  type KeplrChainInfo,
  type KeplrKey,
  type KeplrLike,
  type KeplrStdSignature,
  keplrWallets,
} from './keplr.js'
export { createLazyCosmosAdapter } from './lazy.js'
export { cosmosMessageVerifier } from './messageVerifier.js'
export {
  type CosmosNetwork,
  celestiaNetwork,
  cosmosDevNetwork,
  cosmosHubNetwork,
  cosmosNetworks,
  osmosisNetwork,
  withCosmosNodeUrls,
} from './networks.js'
export { type CosmosSendDetail, cosmosTraits, isCosmosAddressOn } from './traits.js'
export { cosmosConnectors, watchCosmosWallets } from './wallets.js'
