import type { NamespaceRpc, RpcMethod, RpcMethods } from '../shared/rpcMethod.js'

// Latch reads Bitcoin through Esplora's REST, not JSON-RPC: every method here is the wallet's.
const walletConnect: RpcMethod = {
  kind: 'wallet',
  signs: true,
  embedded: false,
  walletConnect: true,
}

/**
 * The Bitcoin methods of WalletConnect's `bip122` namespace (as Reown's wallets serve them).
 * The embedded wallet holds no Bitcoin key yet, so none is `embedded`.
 */
export const BIP122_RPC_METHODS: RpcMethods = {
  signMessage: walletConnect,
  sendTransfer: walletConnect,
  signPsbt: walletConnect,
  getAccountAddresses: { kind: 'wallet', signs: false, embedded: false, walletConnect: true },
}

/** Events a WalletConnect wallet sends for this namespace. */
export const BIP122_WALLET_EVENTS: readonly string[] = ['bip122_addressesChanged']

export const BIP122_RPC: NamespaceRpc = {
  namespace: 'bip122',
  methods: BIP122_RPC_METHODS,
  walletEvents: BIP122_WALLET_EVENTS,
}
