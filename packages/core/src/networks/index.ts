export * from './caip.js'
export * from './evm.js'
export * from './nonEvm.js'
export * from './types.js'

import { ethereumNetwork } from './evm.js'

/** The network selected when the app names none (seed §9: eip155:1). */
export const defaultNetwork = ethereumNetwork
