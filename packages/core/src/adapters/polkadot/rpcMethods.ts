import type { NamespaceRpc, RpcMethod, RpcMethods } from '../shared/rpcMethod.js'

// Latch reads Substrate chains through @polkadot/api over the network's own WebSocket: every
// method here is the wallet's.
const signs: RpcMethod = { kind: 'wallet', signs: true, embedded: false, walletConnect: true }

/**
 * The methods of WalletConnect's `polkadot` namespace (docs/walletconnect.md#polkadot). The
 * embedded wallet holds no Polkadot key, so none is `embedded`.
 */
export const POLKADOT_RPC_METHODS: RpcMethods = {
  // A message inside <Bytes>…</Bytes>, as an extension's signRaw({ type: 'bytes' }).
  polkadot_signMessage: signs,
  // The SignerPayloadJSON @polkadot/api builds; the answer is a MultiSignature.
  polkadot_signTransaction: signs,
}

/** Events a WalletConnect wallet sends for this namespace. */
export const POLKADOT_WALLET_EVENTS: readonly string[] = ['chainChanged', 'accountsChanged']

export const POLKADOT_RPC: NamespaceRpc = {
  namespace: 'polkadot',
  methods: POLKADOT_RPC_METHODS,
  walletEvents: POLKADOT_WALLET_EVENTS,
}
