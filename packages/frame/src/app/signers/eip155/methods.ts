import type { SignerMethods } from '../types.js'

/** The EVM JSON-RPC methods the frame answers (docs/behaviour.md#access). */
export const EIP155_METHODS: SignerMethods = {
  local: new Set(['eth_chainId', 'eth_accounts', 'eth_requestAccounts', 'wallet_getCapabilities']),
  read: new Set([
    'eth_blockNumber',
    'eth_getBalance',
    'eth_call',
    'eth_estimateGas',
    'eth_gasPrice',
    'eth_maxPriorityFeePerGas',
    'eth_feeHistory',
    'eth_getBlockByNumber',
    'eth_getBlockByHash',
    'eth_getTransactionByHash',
    'eth_getTransactionReceipt',
    'eth_getTransactionCount',
    'eth_getCode',
    'eth_getLogs',
    'net_version',
  ]),
  signing: new Set([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'eth_sendUserOperation',
  ]),
}
