// @latch/core/bitcoin/adapter: the Bitcoin adapter with its libraries loaded up front (servers,
// tests, apps that connect Bitcoin at once). Pages that may never use Bitcoin take
// `createLazyBitcoinAdapter` from `@latch/core/bitcoin` instead.
export {
  BITCOIN_CONNECTION_KEY,
  type BitcoinAdapter,
  type BitcoinAdapterParameters,
  createBitcoinAdapter,
  RECONNECT_WAIT_MS,
} from './adapter.js'
export * from './index.js'
export {
  type BitcoinPayer,
  DUST_LIMIT,
  finalizeSigned,
  planTransfer,
  type TransferPlan,
} from './send.js'
export { verifyBitcoinMessage } from './verifyMessage.js'
