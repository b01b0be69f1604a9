import { EIP155_RPC_METHODS } from '@latch/core/rpc-methods'
import { embeddedMethods } from '../methods.js'

/**
 * The EVM JSON-RPC methods the frame answers (docs/behaviour.md#access). `eth_chainId` is the
 * frame's active chain, so the frame answers it rather than asking a node.
 */
export const EIP155_METHODS = embeddedMethods(EIP155_RPC_METHODS, ['eth_chainId'])
