import { EIP155_RPC_METHODS, rpcMethodNames } from '@latch/core/rpc-methods'

/**
 * Methods the proxy forwards: core's reads of the namespace (@latch/core/rpc-methods, one
 * declaration for the proxy, the embedded wallet and WalletConnect), eth_sendRawTransaction
 * included (already signed, so it carries no authority of ours). Signing methods never reach a
 * node through here.
 */
export const PROXIED_METHODS: ReadonlySet<string> = new Set(
  rpcMethodNames(EIP155_RPC_METHODS, (method) => method.kind === 'read'),
)

/** Calls that make an upstream work (and bill) more than one unit (auth/rpc-limits.ts). */
export const CALL_WEIGHTS: Readonly<Record<string, number>> = {
  eth_getLogs: 20,
  eth_simulateV1: 5,
}
