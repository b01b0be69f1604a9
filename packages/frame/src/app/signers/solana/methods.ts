import { SOLANA_RPC_METHODS } from '@latch/core/rpc-methods'
import { embeddedMethods } from '../methods.js'

/** The Solana methods the frame answers (docs/embedded-wallet.md#solana-transactions). */
export const SOLANA_METHODS = embeddedMethods(SOLANA_RPC_METHODS)
