import type { NamespaceRpc, RpcMethod, RpcMethods } from '../shared/rpcMethod.js'

// Latch reads Cosmos chains from the node's CometBFT RPC itself: every method here is the wallet's.
const signs: RpcMethod = { kind: 'wallet', signs: true, embedded: false, walletConnect: true }

/**
 * The methods of WalletConnect's `cosmos` namespace (docs/walletconnect.md#cosmos). The embedded
 * wallet holds no Cosmos key, so none is `embedded`.
 */
export const COSMOS_RPC_METHODS: RpcMethods = {
  cosmos_getAccounts: { kind: 'wallet', signs: false, embedded: false, walletConnect: true },
  cosmos_signDirect: signs,
  // Also how an ADR-036 message is signed: its sign doc is an amino StdSignDoc.
  cosmos_signAmino: signs,
}

/** Events a WalletConnect wallet sends for this namespace. */
export const COSMOS_WALLET_EVENTS: readonly string[] = ['chainChanged', 'accountsChanged']

export const COSMOS_RPC: NamespaceRpc = {
  namespace: 'cosmos',
  methods: COSMOS_RPC_METHODS,
  walletEvents: COSMOS_WALLET_EVENTS,
}
