// What the modal adds when the app has more than one namespace (docs/solana.md#wallets-on-two-chains),
// in a chunk of its own: an app on one namespace never fetches it.
export { connectorNamespaces, groupMultiChainConnectors } from '@latch/core/multichain'
export { ChainBadges } from './ChainBadges.js'
export { ConnectingMultiChain } from './ConnectingMultiChain.js'
