import { encodeFunctionData, parseEther, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { DAI, OWNER, USDC, WETH } from './fixtures.js'
import { aggregatorAbi, NATIVE, parseSwap, swapTokens, uniswapV2RouterAbi } from './swap.js'

// Calldata as dapps send it, encoded by viem from the routers' ABIs.
const OTHER = '0x000000000000000000000000000000000000bEEF'
const EXECUTOR = '0x5f0000d4780a00d2dce0a00004000800cb0e5041'
const PLACEHOLDER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const DEADLINE = 1_800_000_000n
const l = (a: string) => a.toLowerCase()
const v2 = (functionName: string, args: unknown[]) =>
  encodeFunctionData({ abi: uniswapV2RouterAbi, functionName, args } as never)

describe('parseSwap: Uniswap V2 Router02', () => {
  it('swapExactETHForTokens: the value is the amount in, WETH opens the path', () => {
    const data = v2('swapExactETHForTokens', [180_200_000n, [WETH, USDC], OWNER, DEADLINE])
    expect(parseSwap(data, parseEther('0.1'))).toEqual({
      venue: 'Uniswap V2',
      functionName: 'swapExactETHForTokens',
      tokenIn: NATIVE,
      tokenOut: l(USDC),
      path: [l(WETH), l(USDC)],
      amountIn: parseEther('0.1'),
      amountOut: 180_200_000n,
      exactIn: true,
      recipient: l(OWNER),
      deadline: DEADLINE,
    })
  })

  it('swapExactTokensForETH and its fee-on-transfer twin end in the native currency', () => {
    for (const name of [
      'swapExactTokensForETH',
      'swapExactTokensForETHSupportingFeeOnTransferTokens',
    ]) {
      const swap = parseSwap(v2(name, [5_000_000n, 1n, [USDC, WETH], OWNER, DEADLINE]))!
      expect(swap).toMatchObject({
        functionName: name,
        tokenIn: l(USDC),
        tokenOut: NATIVE,
        amountIn: 5_000_000n,
        amountOut: 1n,
        exactIn: true,
      })
    }
  })

  it('swapExactTokensForTokens over two hops keeps every hop', () => {
    const data = v2('swapExactTokensForTokens', [10n, 9n, [USDC, WETH, DAI], OTHER, DEADLINE])
    const swap = parseSwap(data)!
    expect(swap).toMatchObject({ tokenIn: l(USDC), tokenOut: l(DAI), recipient: l(OTHER) })
    expect(swap.path).toEqual([l(USDC), l(WETH), l(DAI)])
    expect(swapTokens(swap)).toEqual([l(USDC), l(WETH), l(DAI)])
    const fot = v2('swapExactTokensForTokensSupportingFeeOnTransferTokens', [
      10n,
      9n,
      [USDC, DAI],
      OWNER,
      DEADLINE,
    ])
    expect(parseSwap(fot)).toMatchObject({ amountIn: 10n, amountOut: 9n, exactIn: true })
  })

  it('exact-out variants: the amount out first, the most the swap may take second', () => {
    expect(
      parseSwap(v2('swapTokensForExactTokens', [100n, 250n, [USDC, DAI], OWNER, DEADLINE])),
    ).toMatchObject({ amountIn: 250n, amountOut: 100n, exactIn: false })
    expect(
      parseSwap(v2('swapTokensForExactETH', [parseEther('1'), 4000n, [USDC, WETH], OWNER, 5n])),
    ).toMatchObject({
      tokenIn: l(USDC),
      tokenOut: NATIVE,
      amountIn: 4000n,
      amountOut: parseEther('1'),
      exactIn: false,
      deadline: 5n,
    })
    // The value is the most it may take; the router refunds the rest.
    expect(
      parseSwap(v2('swapETHForExactTokens', [100n, [WETH, DAI], OWNER, DEADLINE]), 7n),
    ).toMatchObject({ tokenIn: NATIVE, tokenOut: l(DAI), amountIn: 7n, amountOut: 100n })
    expect(
      parseSwap(
        v2('swapExactETHForTokensSupportingFeeOnTransferTokens', [3n, [WETH, DAI], OWNER, 9n]),
        8n,
      ),
    ).toMatchObject({ tokenIn: NATIVE, amountIn: 8n, amountOut: 3n, exactIn: true })
  })

  it('a path of fewer than two tokens, other calls and short data are not swaps', () => {
    expect(parseSwap(v2('swapExactTokensForTokens', [1n, 1n, [USDC], OWNER, 1n]))).toBeUndefined()
    expect(parseSwap('0xa9059cbb')).toBeUndefined()
    expect(parseSwap('0x12')).toBeUndefined()
    expect(parseSwap(undefined)).toBeUndefined()
  })
})

describe('parseSwap: aggregators', () => {
  const generic = (beneficiary: string) => ({
    srcToken: PLACEHOLDER,
    destToken: USDC,
    fromAmount: parseEther('1'),
    toAmount: 3_300_000_000n,
    quotedAmount: 3_400_000_000n,
    metadata: `0x${'00'.repeat(32)}`,
    beneficiary,
  })

  it("Velora's swapExactAmountIn (Augustus v6.2): the placeholder is the native currency", () => {
    const data = encodeFunctionData({
      abi: aggregatorAbi,
      functionName: 'swapExactAmountIn',
      args: [EXECUTOR, generic(zeroAddress), 0n, '0x', '0x1234'],
    } as never)
    // The selector of the calldata convert/velora.ts is served (fixtures/velora-answers.ts).
    expect(data.slice(0, 10)).toBe('0xe3ead59e')
    expect(parseSwap(data, parseEther('1'))).toEqual({
      venue: 'Velora',
      functionName: 'swapExactAmountIn',
      tokenIn: NATIVE,
      tokenOut: l(USDC),
      amountIn: parseEther('1'),
      amountOut: 3_300_000_000n,
      exactIn: true,
      // The zero beneficiary means the sender.
      recipient: undefined,
    })
  })

  it("Velora's swapExactAmountOut names its beneficiary", () => {
    const data = encodeFunctionData({
      abi: aggregatorAbi,
      functionName: 'swapExactAmountOut',
      args: [EXECUTOR, generic(OTHER), 0n, '0x', '0x'],
    } as never)
    expect(parseSwap(data)).toMatchObject({
      exactIn: false,
      amountIn: parseEther('1'),
      amountOut: 3_300_000_000n,
      recipient: l(OTHER),
    })
  })

  it("1inch's swap, router v6 and v5 (with permit)", () => {
    const desc = {
      srcToken: USDC,
      dstToken: PLACEHOLDER,
      srcReceiver: EXECUTOR,
      dstReceiver: OTHER,
      amount: 5_000_000n,
      minReturnAmount: 1_000n,
      flags: 0n,
    }
    const v6 = encodeFunctionData({
      abi: aggregatorAbi,
      functionName: 'swap',
      args: [EXECUTOR, desc, '0x'],
    } as never)
    // The selector of the calldata convert/oneinch.ts is served (fixtures/oneinch-answers.ts).
    expect(v6.slice(0, 10)).toBe('0x07ed2379')
    const expected = {
      venue: '1inch',
      tokenIn: l(USDC),
      tokenOut: NATIVE,
      amountIn: 5_000_000n,
      amountOut: 1_000n,
      exactIn: true,
      recipient: l(OTHER),
    }
    expect(parseSwap(v6)).toMatchObject(expected)
    const v5 = encodeFunctionData({
      abi: [aggregatorAbi[3]],
      functionName: 'swap',
      args: [EXECUTOR, desc, '0x', '0x'],
    } as never)
    expect(v5.slice(0, 10)).toBe('0x12aa3caf')
    expect(parseSwap(v5)).toMatchObject(expected)
  })
})
