import { encodeFunctionData, type Hex, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { OWNER, USDC, WETH } from './fixtures.js'
import type { TokenBook } from './format.js'
import type { Simulation } from './simulate.js'
import { uniswapV2RouterAbi } from './swap.js'
import { deadlineText, swapText } from './swapView.js'
import { type TransactionFacts, transactionView } from './transactionView.js'

const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
const ATTACKER = '0xBAd0000000000000000000000000000000000Bad'
const NOW = 1_800_000_000n
const tokens: TokenBook = new Map([
  [USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }],
  [WETH.toLowerCase(), { symbol: 'WETH', decimals: 18 }],
])
const ethForUsdc = (to: string, deadline = NOW + 1200n, min = 180_200_000n) =>
  encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [min, [WETH, USDC], to as Hex, deadline],
  })
const received = (amount: bigint): Simulation => ({
  status: 'success',
  source: 'simulation',
  effects: [
    { kind: 'native', amount: -parseEther('0.1') },
    { kind: 'erc20', token: USDC.toLowerCase(), amount },
  ],
})
const view = (data: Hex, more: Partial<TransactionFacts> = {}) =>
  transactionView({
    chainId: 1,
    from: OWNER,
    to: ROUTER,
    value: parseEther('0.1'),
    data,
    tokens,
    now: NOW,
    simulation: received(181_000_000n),
    ...more,
  })
const fields = (v: ReturnType<typeof view>) =>
  Object.fromEntries(v.sections.flatMap((s) => s.fields.map((f) => [f.label, f.value])))

describe('the approval view of a swap', () => {
  it('says it in words, with route, amounts, recipient, deadline and balance changes', () => {
    const v = view(ethForUsdc(OWNER))
    // The value is the swap's amount in, not a payment to the router.
    expect(v.summary).toEqual(['Swap 0.1 ETH for at least 180.2 USDC'])
    expect(v.dangers).toEqual([])
    expect(fields(v)).toMatchObject({
      Router: 'Uniswap V2 swap',
      Route: `WETH (${WETH}) → USDC (${USDC})`,
      'You pay': '0.1 ETH',
      'You receive at least': '180.2 USDC',
      Recipient: `${OWNER} (your account)`,
      Deadline: '2027-01-15 08:20 UTC (in 20 minutes)',
      'You send': '0.1 ETH',
      'You receive': '181 USDC',
    })
    expect(v.sections.map((s) => s.title)).toContain('Call: swapExactETHForTokens')
  })

  it('an exact-out swap says "at most" and "exactly"', () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapTokensForExactETH',
      args: [parseEther('0.25'), 800_000_000n, [USDC, WETH], OWNER, NOW + 60n],
    })
    const v = view(data, { value: 0n, simulation: undefined })
    expect(v.summary).toEqual(['Swap at most 800 USDC for exactly 0.25 ETH'])
    expect(fields(v)).toMatchObject({
      'You pay at most': '800 USDC',
      'You receive exactly': '0.25 ETH',
    })
  })

  it('flags a recipient that is not the account, in the sentence and as a danger', () => {
    const v = view(ethForUsdc(ATTACKER), { simulation: received(0n) })
    expect(v.summary).toEqual([`Swap 0.1 ETH for at least 180.2 USDC, paid to ${ATTACKER}`])
    expect(v.dangers).toEqual([swapText.dangerRecipient(ATTACKER)])
    expect(fields(v).Recipient).toBe(`${ATTACKER} (NOT your account)`)
  })

  it('flags an expired deadline and one far in the future', () => {
    const expired = view(ethForUsdc(OWNER, NOW - 300n))
    expect(expired.dangers).toEqual([
      swapText.dangerExpired('2027-01-15 07:55 UTC (expired 5 minutes ago)'),
    ])
    const far = view(ethForUsdc(OWNER, NOW + 30n * 86400n))
    expect(far.dangers).toEqual([swapText.dangerFarDeadline('2027-02-14 08:00 UTC (in 30 days)')])
    // 2^256 − 1 is past any date.
    const never = view(ethForUsdc(OWNER, 2n ** 256n - 1n))
    expect(never.dangers).toEqual([swapText.dangerFarDeadline('never expires')])
    expect(view(ethForUsdc(OWNER, NOW + 23n * 3600n)).dangers).toEqual([])
  })

  it('flags a swap that accepts nothing out', () => {
    expect(view(ethForUsdc(OWNER, NOW + 60n, 0n)).dangers).toEqual([swapText.dangerNoMinimum])
  })

  it('a contract that mimics a router but whose simulation pays less than promised is flagged', () => {
    const v = view(ethForUsdc(OWNER), { simulation: received(1n) })
    expect(v.dangers).toEqual([swapText.dangerNotReceived('180.2 USDC')])
    // Without traced transfers the simulation cannot tell, and says nothing.
    const plain = view(ethForUsdc(OWNER), {
      simulation: { status: 'success', source: 'calldata', effects: [] },
    })
    expect(plain.dangers).toEqual([])
  })

  it('in a batch (sender known, no chain clock) the swap is decoded the same way', () => {
    const v = view(ethForUsdc(ATTACKER, 2n ** 40n), { now: undefined, simulation: undefined })
    expect(v.dangers).toContain(swapText.dangerRecipient(ATTACKER))
  })
})

describe('deadlineText', () => {
  it('counts minutes, hours and days either side of now', () => {
    expect(deadlineText(NOW + 30n, NOW)).toBe('2027-01-15 08:00 UTC (in less than a minute)')
    expect(deadlineText(NOW + 5400n, NOW)).toMatch(/\(in 90 minutes\)$/)
    expect(deadlineText(NOW + 3n * 3600n, NOW)).toMatch(/\(in 3 hours\)$/)
    expect(deadlineText(NOW - 86400n * 3n, NOW)).toMatch(/\(expired 3 days ago\)$/)
    expect(deadlineText(0n, NOW)).toMatch(/^1970-01-01 00:00 UTC \(expired \d+ days ago\)$/)
  })
})
