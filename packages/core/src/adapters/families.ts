/**
 * The chain families core ships, as plain data: with adapters/rpcMethods.ts, where a new family
 * registers in core (docs/adding-a-chain.md). A family's code lives in its folder,
 * `adapters/<namespace>/`, reached as `@latch/core/<namespace>` through package.json's subpath
 * patterns; everything shared that iterates over families derives from the two: the root's
 * network exports (networks/index.ts re-exports this module), the `ChainNamespace` union (from
 * rpcMethods.ts's declarations, which this list must match) and the tests that enumerate families.
 * See rpcMethods.ts for why the RPC declarations cannot be here.
 *
 * Plain data only, since the root export re-exports it: each family's `networks.ts`, nothing else.
 */
import type { ChainNamespace } from '../networks/types.js'

export * from './bip122/networks.js'
export * from './cosmos/networks.js'
export * from './eip155/networks.js'
export * from './polkadot/networks.js'
export * from './solana/networks.js'

/**
 * The CAIP-2 namespaces Latch knows, in this order: the root reads this list (`isChainNamespace`),
 * so it is data here rather than `FAMILY_RPC`'s namespaces, whose declarations must stay out of
 * the root. One no family declares is a type error; one missing here fails families.test.ts.
 */
export const chainNamespaces = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
] as const satisfies readonly ChainNamespace[]
