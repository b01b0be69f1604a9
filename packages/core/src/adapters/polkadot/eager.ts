// @latch/core/polkadot/adapter: the Polkadot adapter with @polkadot/api loaded up front (servers,
// tests, apps that connect Polkadot at once). Pages that may never use Polkadot take
// `createLazyPolkadotAdapter` from `@latch/core/polkadot` instead.
export {
  createPolkadotAdapter,
  POLKADOT_CONNECTION_KEY,
  type PolkadotAdapter,
  type PolkadotAdapterParameters,
  RECONNECT_WAIT_MS,
} from './adapter.js'
export * from './index.js'
export { existentialDepositOf, readBalance } from './read.js'
export { checkReceiver, type TransactionStage } from './transfer.js'
export { verifyPolkadotMessage } from './verifyMessage.js'
