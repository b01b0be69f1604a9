export * from './caip.js'
export * from './evm.js'
export * from './nonEvm.js'
export * from './types.js'

import { ethereumNetwork } from './evm.js'

/** The network selected when the app names none (docs/behaviour.md#limits: eip155:1). */
export const defaultNetwork = ethereumNetwork
