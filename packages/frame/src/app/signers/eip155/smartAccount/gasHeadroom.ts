import { type EIP1193RequestFn, type Hex, isHex, type Transport, toHex } from 'viem'

/**
 * Headroom added to a bundler's `callGasLimit` estimate: a fifth of it, and at least this much.
 *
 * A bundler estimates the call phase with an `eth_call` on the latest block, dated at that block's
 * time; the operation runs in a later block. Gas that depends on the block then differs: a Uniswap
 * V2 pool writes its price accumulators (two storage slots, some 10,000 gas at the pool, a little
 * more at the top after each nested call keeps 1/64) only in the first swap of a block, so a swap
 * estimated right after another swap on the same pool is estimated without them and runs out of
 * gas on chain (issue #36: the email user's swap right after swap.spec's). Unused call gas costs
 * the sponsor a tenth of it (EntryPoint v0.7's penalty), little next to a reverted operation.
 */
export const CALL_GAS_HEADROOM_MIN = 25_000n
const CALL_GAS_HEADROOM_DIVISOR = 5n

export function withCallGasHeadroom(estimate: bigint): bigint {
  const headroom = estimate / CALL_GAS_HEADROOM_DIVISOR
  return estimate + (headroom > CALL_GAS_HEADROOM_MIN ? headroom : CALL_GAS_HEADROOM_MIN)
}

/**
 * The bundler's transport with `eth_estimateUserOperationGas` answers given that headroom, before
 * the paymaster signs the limits. An operation whose call data is empty keeps its zero.
 */
export function callGasHeadroomTransport(transport: Transport): Transport {
  return (options) => {
    const inner = transport(options)
    const request = (async (args, requestOptions) => {
      const answer = await inner.request(args, requestOptions)
      if (args.method !== 'eth_estimateUserOperationGas') return answer
      const estimate = answer as { callGasLimit?: unknown } | null
      const limit = estimate?.callGasLimit
      if (typeof limit !== 'string' || !isHex(limit) || BigInt(limit) === 0n) return answer
      return { ...estimate, callGasLimit: toHex(withCallGasHeadroom(BigInt(limit as Hex))) }
    }) as EIP1193RequestFn
    return { ...inner, request }
  }
}
