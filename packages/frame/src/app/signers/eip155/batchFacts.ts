import type { Hex } from 'viem'
import { chainClock } from './decode/clock.js'
import type { TokenBook } from './decode/format.js'
import type { Request, Simulation } from './decode/simulate.js'
import { type SimulatedCall, simulateCalls } from './decode/simulateCalls.js'
import { parseSwap, swapTokens } from './decode/swap.js'
import { tokenBook } from './review.js'

export interface BatchFacts {
  tokens: TokenBook
  simulation: Simulation
  /** The chain's clock when a call is a swap (its deadline is judged on it). */
  now?: bigint | undefined
}

/**
 * What the batch view needs from the chain: the symbols of the tokens the calls name (targets,
 * swap routes) and of those the simulation moves, the simulated balance changes, and the time.
 */
export async function batchFacts(
  request: Request,
  from: Hex,
  calls: readonly SimulatedCall[],
): Promise<BatchFacts> {
  const swaps = calls.flatMap((call) => parseSwap(call.data, call.value ?? 0n) ?? [])
  const [tokens, simulation, now] = await Promise.all([
    tokenBook(request, [...calls.map((call) => call.to), ...swaps.flatMap(swapTokens)]),
    simulateCalls(request, from, calls),
    swaps.length ? chainClock(request) : undefined,
  ])
  const moved =
    simulation.status === 'success'
      ? simulation.effects.flatMap((e) => (e.kind === 'erc20' && e.token ? [e.token] : []))
      : []
  const more = await tokenBook(
    request,
    moved.filter((token) => !tokens.has(token.toLowerCase())),
  )
  return { tokens: new Map([...tokens, ...more]), simulation, now }
}
