import { type Hex, toHex } from 'viem'
import { t } from '../../../i18n/index.js'
import {
  effectsFromLogs,
  type Request,
  revertReason,
  type Simulation,
  simulateTransaction,
} from './simulate.js'

export interface SimulatedCall {
  to: Hex
  data?: Hex | undefined
  value?: bigint | undefined
}

interface SimulatedCallResult {
  status: Hex
  returnData?: Hex
  logs?: { address: string; topics: Hex[]; data: Hex }[]
  error?: { message?: string; data?: Hex }
}

/**
 * Runs a batch (EIP-5792 calls from a smart account) on the node without sending it: every call
 * from `from`, in order, in one simulated block, so each sees the state the previous left, as in
 * the one operation that will carry them. What the account gains and loses is netted over all
 * calls. One call goes through simulateTransaction, with its plain-call fallback; a batch on a
 * node without `eth_simulateV1` is left unsimulated rather than judged call by call on a state
 * that would not be the real one.
 */
export async function simulateCalls(
  request: Request,
  from: Hex,
  calls: readonly SimulatedCall[],
): Promise<Simulation> {
  if (calls.length === 1) return simulateTransaction(request, { from, ...calls[0]! })
  let results: SimulatedCallResult[]
  try {
    const blocks = (await request({
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            {
              calls: calls.map((call) => ({
                from,
                to: call.to,
                ...(call.value ? { value: toHex(call.value) } : {}),
                ...(call.data && call.data !== '0x' ? { data: call.data } : {}),
              })),
            },
          ],
          traceTransfers: true,
        },
        'latest',
      ],
    })) as { calls: SimulatedCallResult[] }[]
    results = blocks[0]?.calls ?? []
    if (results.length !== calls.length) throw new Error(t('sim.notEveryCall'))
  } catch (error) {
    return { status: 'unavailable', reason: (error as Error).message || t('sim.noAnswer') }
  }
  const failed = results.findIndex((result) => result.status !== '0x1')
  if (failed >= 0) {
    const result = results[failed]!
    return {
      status: 'revert',
      reason: t('sim.failedCall', {
        n: failed + 1,
        reason: revertReason(result.error?.data ?? result.returnData, result.error?.message),
      }),
    }
  }
  return {
    status: 'success',
    effects: effectsFromLogs(
      results.flatMap((result) => result.logs ?? []),
      from,
    ),
    source: 'simulation',
  }
}
