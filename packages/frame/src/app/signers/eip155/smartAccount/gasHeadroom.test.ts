import { custom, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  CALL_GAS_HEADROOM_MIN,
  callGasHeadroomTransport,
  withCallGasHeadroom,
} from './gasHeadroom.js'

/** A bundler that answers each method from a table, and records what it was asked. */
function bundler(answers: Record<string, unknown>) {
  const asked: string[] = []
  const transport = callGasHeadroomTransport(
    custom({
      async request({ method }: { method: string }) {
        asked.push(method)
        return answers[method]
      },
    }),
  )
  return { asked, request: transport({ retryCount: 0 }).request }
}

const estimate = {
  preVerificationGas: '0xc350',
  verificationGasLimit: '0x69233',
  callGasLimit: '0x22622',
  paymasterVerificationGasLimit: '0x186a0',
  paymasterPostOpGasLimit: '0x0',
}

describe('call gas headroom', () => {
  it('adds a fifth of a large estimate, and at least the floor to a small one', () => {
    expect(withCallGasHeadroom(140_834n)).toBe(140_834n + 28_166n)
    expect(withCallGasHeadroom(30_000n)).toBe(30_000n + CALL_GAS_HEADROOM_MIN)
  })

  it("raises only eth_estimateUserOperationGas's callGasLimit, keeping the other limits", async () => {
    const b = bundler({ eth_estimateUserOperationGas: estimate, eth_chainId: '0x7a69' })
    const answer = (await b.request({
      method: 'eth_estimateUserOperationGas',
      params: [{}, '0x0000000071727De22E5E9d8BAf0edAc6f37da032'],
    } as never)) as typeof estimate
    // 140,834 estimated on the latest block: the swap of issue #36 needed more in the next one.
    expect(BigInt(answer.callGasLimit as Hex)).toBe(140_834n + 28_166n)
    expect({ ...answer, callGasLimit: estimate.callGasLimit }).toEqual(estimate)
    expect(await b.request({ method: 'eth_chainId' } as never)).toBe('0x7a69')
    expect(b.asked).toEqual(['eth_estimateUserOperationGas', 'eth_chainId'])
  })

  it('leaves a zero call gas (an operation with no call data) and odd answers as they are', async () => {
    for (const answer of [{ ...estimate, callGasLimit: '0x0' }, { callGasLimit: 7 }, null]) {
      const b = bundler({ eth_estimateUserOperationGas: answer })
      expect(await b.request({ method: 'eth_estimateUserOperationGas' } as never)).toEqual(answer)
    }
  })
})
