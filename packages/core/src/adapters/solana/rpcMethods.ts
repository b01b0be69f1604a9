import type { NamespaceRpc, RpcMethod, RpcMethods } from '../shared/rpcMethod.js'

// The proxy's reads serve the page's adapter and the embedded wallet's own sends; a page asks the
// embedded wallet only to sign.
const read: RpcMethod = { kind: 'read', signs: false, embedded: false, walletConnect: false }

/**
 * Every Solana JSON-RPC method Latch handles (docs/embedded-wallet.md#solana-through-the-servers-proxy).
 * Airdrops, whole-program scans and history reads are not here, so the proxy does not pass them.
 * WalletConnect asks only for what Latch's Solana adapter sends (Wallet Standard's signMessage and
 * signAndSendTransaction); the embedded wallet also signs without sending, one or many.
 */
export const SOLANA_RPC_METHODS: RpcMethods = {
  getLatestBlockhash: read,
  getBalance: read,
  getAccountInfo: read,
  getMultipleAccounts: read,
  getSignatureStatuses: read,
  getFeeForMessage: read,
  getMinimumBalanceForRentExemption: read,
  getTokenAccountsByOwner: read,
  getTokenAccountBalance: read,
  getGenesisHash: read,
  getSlot: read,
  getBlockHeight: read,
  getVersion: read,
  isBlockhashValid: read,
  simulateTransaction: read,
  sendTransaction: read,

  solana_signMessage: { kind: 'wallet', signs: true, embedded: true, walletConnect: true },
  solana_signAndSendTransaction: {
    kind: 'wallet',
    signs: true,
    embedded: true,
    walletConnect: true,
  },
  solana_signTransaction: { kind: 'wallet', signs: true, embedded: true, walletConnect: false },
  solana_signAllTransactions: { kind: 'wallet', signs: true, embedded: true, walletConnect: false },
}

/** Events a WalletConnect wallet sends for this namespace. */
export const SOLANA_WALLET_EVENTS: readonly string[] = ['accountsChanged']

/** The namespace's methods and wallet events together, for code that serves several namespaces. */
export const SOLANA_RPC: NamespaceRpc = {
  namespace: 'solana',
  methods: SOLANA_RPC_METHODS,
  walletEvents: SOLANA_WALLET_EVENTS,
}
