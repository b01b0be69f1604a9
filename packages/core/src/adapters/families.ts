/**
 * The chain families core ships, listed for what iterates over them all (WalletConnect's proposal).
 * A family's code lives in its folder, `adapters/<namespace>/`, reached as `@latch/core/<namespace>`
 * through package.json's subpath patterns; besides this list, a new family adds a line to the
 * `ChainNamespace` union (networks/types.ts), to the root's network re-exports (networks/index.ts:
 * they must stay plain data, so this list is not re-exported there) and, for its test wallet, to
 * testing/index.ts (docs/adding-a-chain.md).
 */
import { BIP122_RPC } from './bip122/rpcMethods.js'
import { COSMOS_RPC } from './cosmos/rpcMethods.js'
import { EIP155_RPC } from './eip155/rpcMethods.js'
import { POLKADOT_RPC } from './polkadot/rpcMethods.js'
import type { NamespaceRpc } from './shared/rpcMethod.js'
import { SOLANA_RPC } from './solana/rpcMethods.js'

/** What a WalletConnect wallet can be asked in each family, from the family's one declaration. */
export const FAMILY_RPC: readonly NamespaceRpc[] = [
  EIP155_RPC,
  SOLANA_RPC,
  BIP122_RPC,
  COSMOS_RPC,
  POLKADOT_RPC,
]
