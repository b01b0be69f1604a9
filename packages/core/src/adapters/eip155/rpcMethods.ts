import type { NamespaceRpc, RpcMethod, RpcMethods } from '../shared/rpcMethod.js'

// Shorthands that keep the table one line per method.
const read = (embedded: boolean): RpcMethod => ({
  kind: 'read',
  signs: false,
  embedded,
  walletConnect: false,
})
const wallet = (
  signs: boolean,
  where: { embedded: boolean; walletConnect: boolean },
): RpcMethod => ({
  kind: 'wallet',
  signs,
  ...where,
})
const both = { embedded: true, walletConnect: true }
const embeddedOnly = { embedded: true, walletConnect: false }
const walletConnectOnly = { embedded: false, walletConnect: true }

/**
 * Every EIP-155 JSON-RPC method Latch handles (docs/behaviour.md#access). Reads the embedded wallet
 * does not answer for a page stay reachable through the server's proxy (the frame itself uses
 * eth_simulateV1 there to review a transaction).
 */
export const EIP155_RPC_METHODS: RpcMethods = {
  eth_chainId: read(true),
  net_version: read(true),
  web3_clientVersion: read(false),
  eth_blockNumber: read(true),
  eth_getBalance: read(true),
  eth_getCode: read(true),
  eth_getStorageAt: read(false),
  eth_getTransactionCount: read(true),
  eth_call: read(true),
  eth_simulateV1: read(false),
  eth_estimateGas: read(true),
  eth_gasPrice: read(true),
  eth_maxPriorityFeePerGas: read(true),
  eth_feeHistory: read(true),
  eth_getBlockByNumber: read(true),
  eth_getBlockByHash: read(true),
  eth_getTransactionByHash: read(true),
  eth_getTransactionReceipt: read(true),
  eth_getLogs: read(true),
  eth_sendRawTransaction: read(false),

  eth_accounts: wallet(false, both),
  eth_requestAccounts: wallet(false, both),
  wallet_getCapabilities: wallet(false, both),
  wallet_switchEthereumChain: wallet(false, walletConnectOnly),
  wallet_addEthereumChain: wallet(false, walletConnectOnly),
  wallet_getCallsStatus: wallet(false, both),

  personal_sign: wallet(true, both),
  eth_signTypedData_v4: wallet(true, both),
  eth_sendTransaction: wallet(true, both),
  wallet_sendCalls: wallet(true, both),
  eth_sign: wallet(true, walletConnectOnly),
  eth_signTransaction: wallet(true, walletConnectOnly),
  eth_signTypedData: wallet(true, walletConnectOnly),
  wallet_grantPermissions: wallet(true, embeddedOnly),
  wallet_revokePermissions: wallet(true, embeddedOnly),
  eth_sendUserOperation: wallet(true, embeddedOnly),
}

/** Events a WalletConnect wallet sends for this namespace. */
export const EIP155_WALLET_EVENTS: readonly string[] = ['accountsChanged', 'chainChanged']

/** The namespace's methods and wallet events together, for code that serves several namespaces. */
export const EIP155_RPC: NamespaceRpc = {
  namespace: 'eip155',
  methods: EIP155_RPC_METHODS,
  walletEvents: EIP155_WALLET_EVENTS,
}
