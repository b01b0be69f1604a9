/**
 * The chain families core ships, as plain data: with `FAMILY_RPC` (adapters/rpcMethods.ts), where
 * a new family registers in core (docs/adding-a-chain.md). A family's code lives in its folder, `adapters/<namespace>/`, reached
 * as `@latch/core/<namespace>` through package.json's subpath patterns; everything shared that
 * iterates over families derives from this file: the `ChainNamespace` union
 * (networks/types.ts), the root's network exports (networks/index.ts re-exports this module) and
 * the tests that enumerate families. The one other list, each family's RPC declaration in
 * `FAMILY_RPC`, is in adapters/rpcMethods.ts: see there why it cannot be here.
 *
 * Plain data only, since the root export re-exports it: each family's `networks.ts`, nothing else.
 */
export * from './bip122/networks.js'
export * from './cosmos/networks.js'
export * from './eip155/networks.js'
export * from './polkadot/networks.js'
export * from './solana/networks.js'

/**
 * The CAIP-2 namespaces Latch knows, in this order. A literal list rather than `FAMILY_RPC`'s
 * namespaces: the root reads it (`isChainNamespace`), and the RPC declarations must stay out of it.
 */
export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
