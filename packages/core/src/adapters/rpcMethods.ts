/**
 * `@latch/core/rpc-methods`: each namespace's JSON-RPC methods, declared once, for the server's
 * proxy, the embedded wallet and WalletConnect. Plain data with no imports beyond these files, so
 * a server or a wallet frame can load it without the rest of core.
 */
export { BIP122_RPC, BIP122_RPC_METHODS, BIP122_WALLET_EVENTS } from './bip122/rpcMethods.js'
export { EIP155_RPC, EIP155_RPC_METHODS, EIP155_WALLET_EVENTS } from './eip155/rpcMethods.js'
export type { NamespaceRpc, RpcMethod, RpcMethods } from './shared/rpcMethod.js'
export { rpcMethodNames } from './shared/rpcMethod.js'
export { SOLANA_RPC, SOLANA_RPC_METHODS, SOLANA_WALLET_EVENTS } from './solana/rpcMethods.js'
