// @latch/core/cosmos/adapter: the Cosmos adapter with cosmjs loaded up front (servers, tests, apps
// that connect Cosmos at once). Pages that may never use Cosmos take `createLazyCosmosAdapter`
// from `@latch/core/cosmos` instead.
export {
  COSMOS_CONNECTION_KEY,
  type CosmosAdapter,
  type CosmosAdapterParameters,
  type CosmosBalance,
  createCosmosAdapter,
  RECONNECT_WAIT_MS,
} from './adapter.js'
export * from './index.js'
export { CosmosQueryError, CosmosRpcError, createCometRpc } from './rpc.js'
export { feeOf, GAS_MULTIPLIER, sendOf } from './send.js'
export { adr36SignBytes, verifyCosmosMessage } from './verifyMessage.js'
