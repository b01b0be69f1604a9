/**
 * Methods the proxy forwards: reads, plus eth_sendRawTransaction (already signed, so it carries
 * no authority of ours). Signing methods never reach a node through here.
 */
export const PROXIED_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  // The embedded wallet's approval view simulates a transaction before asking (docs/embedded-wallet.md).
  'eth_simulateV1',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

/** Calls that make an upstream work (and bill) more than one unit (auth/rpc-limits.ts). */
export const CALL_WEIGHTS: Readonly<Record<string, number>> = {
  eth_getLogs: 20,
  eth_simulateV1: 5,
}
