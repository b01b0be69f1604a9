import { z } from 'zod'

/**
 * The RPC proxy's limits (docs/provider-services.md#rpc-proxy). Calls are counted by weight
 * (rpc-proxy.ts `callWeight`: 1, an eth_getLogs 20), so every budget is in weighted calls.
 */
export interface RpcLimits {
  /** Per client address and project, per minute. */
  clientPerMinute: number
  /** Per project, all clients together, per minute and per UTC-aligned-free 24 h window. */
  projectPerMinute: number
  projectPerDay: number
  /** The widest eth_getLogs block range (toBlock − fromBlock + 1) forwarded. */
  maxLogBlocks: number
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  clientPerMinute: 600,
  projectPerMinute: 30_000,
  projectPerDay: 5_000_000,
  maxLogBlocks: 10_000,
}

const count = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a whole number from 1 to 9999999999')
  .optional()

export const rpcEnvShape = {
  LATCH_RPC_CALLS_PER_CLIENT_MINUTE: count,
  LATCH_RPC_CALLS_PER_PROJECT_MINUTE: count,
  LATCH_RPC_CALLS_PER_PROJECT_DAY: count,
  LATCH_RPC_LOGS_MAX_BLOCKS: count,
}

type RpcEnv = { [key in keyof typeof rpcEnvShape]?: string | undefined }

export function readRpcLimits(e: RpcEnv): RpcLimits {
  const read = (value: string | undefined, fallback: number) =>
    value === undefined ? fallback : Number(value)
  return {
    clientPerMinute: read(e.LATCH_RPC_CALLS_PER_CLIENT_MINUTE, DEFAULT_RPC_LIMITS.clientPerMinute),
    projectPerMinute: read(
      e.LATCH_RPC_CALLS_PER_PROJECT_MINUTE,
      DEFAULT_RPC_LIMITS.projectPerMinute,
    ),
    projectPerDay: read(e.LATCH_RPC_CALLS_PER_PROJECT_DAY, DEFAULT_RPC_LIMITS.projectPerDay),
    maxLogBlocks: read(e.LATCH_RPC_LOGS_MAX_BLOCKS, DEFAULT_RPC_LIMITS.maxLogBlocks),
  }
}
