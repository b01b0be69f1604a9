// The networks of every family registered in adapters/families.ts (plain data), with
// `chainNamespaces`; `FAMILY_RPC` comes along, tree-shaken when unused.
export * from '../adapters/families.js'
export * from './caip.js'
export * from './types.js'

import { ethereumNetwork } from '../adapters/eip155/networks.js'

/** The network selected when the app names none (docs/behaviour.md#limits: eip155:1). */
export const defaultNetwork = ethereumNetwork
