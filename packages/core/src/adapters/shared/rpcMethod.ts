/**
 * How one JSON-RPC method of a namespace is answered. Each namespace declares its methods once
 * (`adapters/<namespace>/rpcMethods.ts`); the server's proxy, the embedded wallet and the
 * WalletConnect proposal all read that one table instead of keeping their own lists.
 *
 * Plain data on purpose: the server and the frame import it through `@latch/core/rpc-methods`,
 * which must load nothing else.
 */
export interface RpcMethod {
  /**
   * 'read': answered by the node, so the server's RPC proxy may forward it (sending an already
   * signed transaction counts: it carries no authority of ours). 'wallet': answered by the wallet
   * holding the keys, never forwarded to a node.
   */
  kind: 'read' | 'wallet'
  /** A wallet method that signs or spends: the wallet asks the user before it answers. */
  signs: boolean
  /** Latch's embedded wallet (packages/frame) answers it for a page. */
  embedded: boolean
  /** Latch's WalletConnect session proposal asks the wallet for it (the page may send it). */
  walletConnect: boolean
}

/** A namespace's methods by name. */
export type RpcMethods = Readonly<Record<string, RpcMethod>>

/** One namespace's declaration: its CAIP-2 namespace, methods and the events its wallets send. */
export interface NamespaceRpc {
  /** The CAIP-2 namespace (a `ChainNamespace`; a plain string keeps this file import-free). */
  namespace: string
  methods: RpcMethods
  walletEvents: readonly string[]
}

/** The names in `methods` that `rule` accepts, in declaration order. */
export function rpcMethodNames(
  methods: RpcMethods,
  rule: (method: RpcMethod) => boolean,
): string[] {
  return Object.keys(methods).filter((name) => rule(methods[name] as RpcMethod))
}
