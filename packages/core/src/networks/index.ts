export * from '../adapters/bip122/networks.js'
export * from '../adapters/cosmos/networks.js'
export * from '../adapters/eip155/networks.js'
export * from '../adapters/polkadot/networks.js'
export * from '../adapters/solana/networks.js'
export * from './caip.js'
export * from './types.js'

import { ethereumNetwork } from '../adapters/eip155/networks.js'

/** The network selected when the app names none (docs/behaviour.md#limits: eip155:1). */
export const defaultNetwork = ethereumNetwork
