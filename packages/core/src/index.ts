// @latch/core's root export: headless and React-free. Chain adapters live behind their own
// subpaths (`@latch/core/evm`, …) so an app bundles only the chains it enables.
// Each namespace's traits, registered from the app's adapters: what views ask instead of
// comparing namespace strings.
export { namespaceTraits, registerNamespace, traitsOfCaip } from './adapters/registry.js'
export type { MessageVerifier, NamespaceTraits, SendCost } from './adapters/shared/traits.js'
export type * from './adapters/types.js'
// The app link of a WalletConnect pairing: pure, so the views need not import the connector
// (and with it the optional WalletConnect SDK).
export { walletConnectLink } from './adapters/walletConnect/links.js'
export * from './api/index.js'
export type * from './auth/index.js'
// EIP-5792 batches (issue 35): functions of their own, bundled only by apps that call them.
export {
  type CallsReceipt,
  GetCallsStatusError,
  type GetCallsStatusResult,
  getCallsStatus,
} from './controller/actions/getCallsStatus.js'
// ERC-7715 smart sessions: refused while the smartSessions feature is off (issue 35).
export {
  grantPermissions,
  PermissionsError,
  type PermissionsParameters,
  revokePermissions,
  SmartSessionsNotEnabledError,
} from './controller/actions/permissions.js'
export {
  type Call,
  type CallsProvider,
  SendCallsError,
  type SendCallsParameters,
  type SendCallsResult,
  SendCallsValidationError,
  sendCalls,
} from './controller/actions/sendCalls.js'
// Here, not from controller/index.ts: a module the page runs that re-exports an action bundles
// it into the page's first chunk, and signing waits for a click.
export {
  type SignMessageParameters,
  type SignMessageResult,
  signMessage,
} from './controller/actions/signMessage.js'
export * from './controller/index.js'
// One call builds a page's Latch; its watchers start on `mount()` (React's provider calls it).
export * from './createLatch.js'
export * from './errors/index.js'
export * from './format/index.js'
export * from './logger/index.js'
export * from './networks/index.js'
export * from './providerServices/index.js'
export * from './rpc/index.js'
// Send, balances and pending rows live behind `@latch/core/send`: only the views that use them
// load them, and a root export would pull them into every page's first chunk.
// Grouping one wallet's connectors of several namespaces lives behind `@latch/core/multichain`
// for the same reason: the modal loads it only when the app has more than one namespace.
export * from './storage/index.js'
export * from './stores/index.js'
export * from './transactions/index.js'
export * from './watchers/index.js'
export { type ImageKind, imagePath, imageUrl } from './wire/images.js'
