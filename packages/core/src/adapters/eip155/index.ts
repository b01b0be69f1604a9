// @latch/core/evm: the EVM chain adapter on @wagmi/core + viem. Only this subpath pulls in wagmi.
export {
  BALANCE_CACHE_MS,
  createEvmAdapter,
  type EvmAdapter,
  type EvmAdapterParameters,
  WALLET_DISCONNECT_WAIT_MS,
} from './adapter.js'
export { type AnnouncedWallet, toLatchConnectors } from './connectors.js'
export { createWagmiStorage, WAGMI_STORAGE_KEY } from './storage.js'
export { eip155Traits } from './traits.js'
export { eip155MessageVerifier, verifyEip191Message } from './verifyMessage.js'
