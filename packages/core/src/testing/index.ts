// @latch/core/testing: test tooling shared by unit, integration and end-to-end tests.
// Nothing here is for production bundles.

export {
  attachBitcoinTestWallet,
  BITCOIN_TEST_MNEMONIC,
  type BitcoinBridgeAccount,
  type BitcoinBridgeAnswer,
  type BitcoinTestNetwork,
  type BitcoinTestSigner,
  type BitcoinTestSignerOptions,
  type BitcoinTestWalletBehaviour,
  type BitcoinTestWalletInstall,
  type BitcoinTestWalletWay,
  type BitcoinWalletRequest,
  createBitcoinTestSigner,
  installBitcoinTestWallet,
} from './bitcoinWallet.js'
export {
  adr36SignDoc,
  attachCosmosTestWallet,
  COSMOS_TEST_MNEMONIC,
  type CosmosBridgeAnswer,
  type CosmosBridgeKey,
  type CosmosTestSigner,
  type CosmosTestSignerOptions,
  type CosmosTestWalletBehaviour,
  type CosmosTestWalletInstall,
  type CosmosTestWalletWay,
  type CosmosWalletRequest,
  createCosmosTestSigner,
  installCosmosTestWallet,
} from './cosmosWallet.js'
export { createFakeAdapter, type FakeAdapter } from './fakeAdapter.js'
export {
  attachPolkadotTestExtension,
  createPolkadotTestSigner,
  installPolkadotTestExtension,
  POLKADOT_TEST_MNEMONIC,
  type PolkadotBridgeAccount,
  type PolkadotBridgeAnswer,
  type PolkadotTestExtensionInstall,
  type PolkadotTestSigner,
  type PolkadotTestSignerBehaviour,
  type PolkadotTestSignerOptions,
  type PolkadotWalletRequest,
} from './polkadotWallet.js'
export {
  createSolanaTestWallet,
  registerSolanaWallet,
  type SolanaTestWallet,
  type SolanaTestWalletOptions,
  WalletRejectedError,
} from './solanaWallet.js'
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
