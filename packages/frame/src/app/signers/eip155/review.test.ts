import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { USDC } from './decode/fixtures.js'
import { genericView, reviewCalls } from './review.js'

const SPENDER = '0x1111111111111111111111111111111111111111'

describe('reviewCalls', () => {
  it('decodes each call of wallet_sendCalls and keeps their dangers', () => {
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [SPENDER, maxUint256],
    })
    const view = reviewCalls(
      [
        {
          version: '2.0.0',
          calls: [
            { to: USDC, data: approve },
            { to: SPENDER, value: '0x1' },
          ],
        },
      ],
      1,
    )
    expect(view.title).toBe('Send 2 calls')
    expect(view.summary).toEqual([
      `Allow ${SPENDER} to spend Unlimited token ${USDC}`,
      `Send 0.000000000000000001 ETH to ${SPENDER}`,
    ])
    expect(view.dangers).toEqual([expect.stringContaining('Unlimited approval')])
    expect(view.sections.map((s) => s.title)).toEqual([
      'Call #1 · Transaction',
      'Call #1 · Call: approve',
      'Call #2 · Transaction',
    ])
  })

  it('anything it cannot read is shown in full and flagged', () => {
    expect(reviewCalls([{}], 1)).toEqual(genericView('wallet_sendCalls', [{}]))
    expect(genericView('x', { a: 'b'.repeat(5000) }).sections[0]!.fields[0]!.value).toContain(
      'b'.repeat(5000),
    )
  })
})
