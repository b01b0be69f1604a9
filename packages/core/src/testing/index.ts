// @latch/core/testing: test tooling shared by unit, integration and end-to-end tests.
// Nothing here is for production bundles. Each family's test wallet is also its own subpath,
// `@latch/core/testing/<file>` (package.json's `./testing/*` pattern): a new family's needs no
// line here; the existing families' stay for the imports that use them.

export * from './bitcoinWallet.js'
export * from './cosmosWallet.js'
export { createFakeAdapter, type FakeAdapter } from './fakeAdapter.js'
export * from './polkadotWallet.js'
export * from './solanaWallet.js'
export {
  type AddEthereumChainParameter,
  announceProvider,
  createTestWallet,
  type Eip6963Target,
  ProviderRpcError,
  TEST_CHAIN_ID,
  TEST_MNEMONIC,
  TEST_WALLET_INFO,
  type TestWallet,
  type TestWalletBehaviour,
  type TestWalletOptions,
  type TestWalletRequest,
} from './testWallet.js'
