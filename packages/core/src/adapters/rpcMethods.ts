/**
 * `@latch/core/rpc-methods`: each namespace's JSON-RPC methods, declared once, for the server's
 * proxy, the embedded wallet and WalletConnect. Plain data with no imports beyond these files, so
 * a server or a wallet frame can load it without the rest of core.
 *
 * The families' declarations below are core's second registration list (the first,
 * adapters/families.ts, gives the namespaces as data and the networks). It is apart because the root export re-exports families.ts: a bundler
 * places a module in the chunk of its first importer, so a list here in families.ts would put
 * every family's declaration in an app's first-load chunk although only the WalletConnect chunk
 * reads it (measured: +0.8 KiB gzip on the web app's first load).
 */
import { BIP122_RPC } from './bip122/rpcMethods.js'
import { COSMOS_RPC } from './cosmos/rpcMethods.js'
import { EIP155_RPC } from './eip155/rpcMethods.js'
import { POLKADOT_RPC } from './polkadot/rpcMethods.js'
import type { NamespaceRpc } from './shared/rpcMethod.js'
import { SOLANA_RPC } from './solana/rpcMethods.js'

export * from './bip122/rpcMethods.js'
export * from './cosmos/rpcMethods.js'
export * from './eip155/rpcMethods.js'
export * from './polkadot/rpcMethods.js'
export type { NamespaceRpc, RpcMethod, RpcMethods } from './shared/rpcMethod.js'
export { rpcMethodNames } from './shared/rpcMethod.js'
export * from './solana/rpcMethods.js'

/**
 * Each registered family's declaration, by its namespace. The keys are the `ChainNamespace` union
 * (networks/types.ts derives it from here: this module imports nothing that imports the types, so
 * no import circle), and adapters/families.ts must list the same namespaces (a type error if not).
 */
const RPC_BY_NAMESPACE = {
  eip155: EIP155_RPC,
  solana: SOLANA_RPC,
  bip122: BIP122_RPC,
  cosmos: COSMOS_RPC,
  polkadot: POLKADOT_RPC,
} as const satisfies Record<string, NamespaceRpc>

/** The namespaces of the registered families (what `ChainNamespace` is). */
export type FamilyNamespace = keyof typeof RPC_BY_NAMESPACE

/** What a WalletConnect wallet can be asked in each family, from the family's one declaration. */
export const FAMILY_RPC: readonly NamespaceRpc[] = Object.values(RPC_BY_NAMESPACE)
