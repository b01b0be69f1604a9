// The root export: framework-free, chain-agnostic. Chain adapters live behind their own subpath
// exports (`@latch/core/evm`, …) so that nothing here pulls in wagmi or a chain SDK.
export type * from './adapters/types.js'
export * from './controller/index.js'
export * from './errors/index.js'
export * from './networks/index.js'
export * from './rpc/index.js'
export * from './storage/index.js'
export * from './stores/index.js'
