import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  publicActions,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devTokens } from '../../../../../../../scripts/devchain/accounts.js'
import {
  type AnvilInstance,
  startAnvil,
  TEST_MNEMONIC,
} from '../../../../../../../scripts/devchain/anvil.js'
import { dexContracts } from '../../../../../../../scripts/devchain/dex/addresses.js'
import { installDex } from '../../../../../../../scripts/devchain/dex/install.js'
import { genesisTimestampFor, seedDevChain } from '../../../../../../../scripts/devchain/seed.js'
import { batchFacts } from '../batchFacts.js'
import { reviewTransaction } from '../review.js'
import { batchView } from '../smartAccount/requests.js'
import { type Request, simulateTransaction } from './simulate.js'
import { uniswapV2RouterAbi } from './swap.js'
import { swapText } from './swapView.js'

// Swaps on the dev chain's Uniswap V2 (scripts/devchain/dex), simulated and reviewed as the
// embedded wallet does before its approval view: the balance changes must be the router's own
// getAmountsOut, to the unit.
const NOW = new Date('2026-02-10T15:00:00Z')
const trader = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 7 })
const THIEF = '0x000000000000000000000000000000000000bEEF'
const { weth9, router02 } = dexContracts
const LUSD = devTokens.lusd.address
const quoteAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function approve(address, uint256) returns (bool)',
])
// A smart account's address: no key here, only a balance (its calls are simulated from it).
const SAFE = getAddress('0x5afe00000000000000000000000000000000cafe')

let anvil: AnvilInstance
let request: Request
let client: ReturnType<typeof walletFor>
const walletFor = (url: string) =>
  createWalletClient({ account: trader, chain: foundry, transport: http(url) }).extend(
    publicActions,
  )

beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
  await seedDevChain(anvil.rpcUrl, { now: NOW })
  await installDex(anvil.rpcUrl)
  const transport = http(anvil.rpcUrl)({ chain: undefined })
  request = (args) => transport.request(args as never)
  client = walletFor(anvil.rpcUrl)
  await request({ method: 'anvil_setBalance', params: [SAFE, '0x56bc75e2d63100000'] })
}, 120_000)
afterAll(() => anvil?.stop())

// The time of the next block: the seeded chain's latest is in the past and mines on demand.
const chainTime = async () => (await client.getBlock({ blockTag: 'pending' })).timestamp
const amountsOut = async (amount: bigint, path: Address[]) =>
  (
    await client.readContract({
      address: router02,
      abi: quoteAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
  ).at(-1)!
const context = () => ({
  chainId: 31337,
  origin: 'http://localhost:5173',
  account: trader.address,
  request,
})
const fieldsOf = (view: Awaited<ReturnType<typeof reviewTransaction>>) =>
  Object.fromEntries(view.sections.flatMap((s) => s.fields.map((f) => [f.label, f.value])))
const ethForLusd = (minOut: bigint, to: Address, deadline: bigint): Hex =>
  encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [minOut, [weth9, LUSD], to, deadline],
  })

describe('a swap on the dev DEX, simulated and reviewed', () => {
  it('ETH → LUSD: the account loses the ETH in and gains getAmountsOut of LUSD', async () => {
    const amount = parseEther('0.1')
    const out = await amountsOut(amount, [weth9, LUSD])
    const minOut = (out * 99n) / 100n
    const data = ethForLusd(minOut, trader.address, (await chainTime()) + 1200n)
    const simulation = await simulateTransaction(request, {
      from: trader.address,
      to: router02,
      value: amount,
      data,
    })
    expect(simulation).toEqual({
      status: 'success',
      source: 'simulation',
      effects: [
        { kind: 'native', amount: -amount },
        { kind: 'erc20', token: LUSD.toLowerCase(), amount: out },
      ],
    })
    const view = await reviewTransaction(
      { to: router02, value: `0x${amount.toString(16)}`, data },
      context(),
    )
    const lusd = (n: bigint) => formatUnits(n, devTokens.lusd.decimals)
    expect(view.summary).toEqual([`Swap 0.1 ETH for at least ${lusd(minOut)} LUSD`])
    expect(view.dangers).toEqual([])
    expect(fieldsOf(view)).toMatchObject({
      Route: `WETH (${weth9}) → LUSD (${LUSD})`,
      Recipient: `${trader.address} (your account)`,
      Deadline: expect.stringMatching(/ UTC \(in 20 minutes\)$/),
      'You send': '0.1 ETH',
      'You receive': `${lusd(out)} LUSD`,
    })
  })

  it('LUSD → ETH after an approval: the account gains getAmountsOut of ETH', async () => {
    // Buy some LUSD first, for real, then approve the router.
    const hash = await client.sendTransaction({
      to: router02,
      value: parseEther('1'),
      data: ethForLusd(1n, trader.address, (await chainTime()) + 600n),
    })
    await client.waitForTransactionReceipt({ hash })
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        address: LUSD,
        abi: quoteAbi,
        functionName: 'approve',
        args: [router02, maxUint256],
      }),
    })
    const amount = 500_000_000n // 500 LUSD
    const out = await amountsOut(amount, [LUSD, weth9])
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [amount, out, [LUSD, weth9], trader.address, (await chainTime()) + 600n],
    })
    const view = await reviewTransaction({ to: router02, data }, context())
    expect(view.dangers).toEqual([])
    expect(fieldsOf(view)).toMatchObject({
      'You pay': '500 LUSD',
      'You send': '500 LUSD',
      'You receive': `${formatUnits(out, 18)} ETH`,
    })
    expect(view.summary).toEqual([`Swap 500 LUSD for at least ${formatUnits(out, 18)} ETH`])
  })

  it('a swap paying another address is flagged, and the simulation shows nothing arriving', async () => {
    const amount = parseEther('0.2')
    const data = ethForLusd(1n, THIEF, (await chainTime()) + 600n)
    const view = await reviewTransaction(
      { to: router02, value: `0x${amount.toString(16)}`, data },
      context(),
    )
    expect(view.dangers).toEqual([swapText.dangerRecipient(THIEF)])
    expect(view.summary[0]).toMatch(new RegExp(`, paid to ${THIEF}$`))
    const fields = view.sections.flatMap((s) => s.fields)
    expect(fields.filter((f) => f.label === 'You receive')).toEqual([])
    expect(fields.find((f) => f.label === 'You send')?.value).toBe('0.2 ETH')
  })

  it('an expired swap is flagged, and the simulation shows the router refusing it', async () => {
    const data = ethForLusd(1n, trader.address, (await chainTime()) - 120n)
    const view = await reviewTransaction({ to: router02, value: '0x1000', data }, context())
    expect(view.dangers).toEqual([
      expect.stringMatching(/^This swap's deadline \(.+ \(expired 2 minutes ago\)\) has passed/),
      'This transaction would fail (revert: UniswapV2Router: EXPIRED). You would still pay the fee.',
    ])
  })
})

describe("a smart account's batch with swaps, simulated as one block", () => {
  // As prepareSendCalls builds the view a smart account's user approves.
  const review = async (calls: { to: Address; data: Hex; value: bigint }[]) => {
    const facts = await batchFacts(request, SAFE, calls)
    return batchView(calls, 31337, { address: SAFE }, facts.tokens, facts)
  }
  const sectionFields = (view: Awaited<ReturnType<typeof review>>, title: string) =>
    Object.fromEntries(
      view.sections.find((s) => s.title === title)?.fields.map((f) => [f.label, f.value]) ?? [],
    )

  it('one swap: decoded in words with its balance changes, which equal getAmountsOut', async () => {
    const amount = parseEther('0.1')
    const out = await amountsOut(amount, [weth9, LUSD])
    const data = ethForLusd(out, SAFE, (await chainTime()) + 1200n)
    const view = await review([{ to: router02, data, value: amount }])
    const lusd = formatUnits(out, devTokens.lusd.decimals)
    expect(view.summary).toEqual([`Swap 0.1 ETH for at least ${lusd} LUSD`])
    expect(view.dangers).toEqual([])
    expect(sectionFields(view, 'Call #1 · Simulated effects')).toEqual({
      'You send': '0.1 ETH',
      'You receive': `${lusd} LUSD`,
    })
    expect(sectionFields(view, 'Call #1 · Call: swapExactETHForTokens')).toMatchObject({
      Recipient: `${SAFE} (your account)`,
      Deadline: expect.stringMatching(/\(in 20 minutes\)$/),
    })
  })

  it('ETH -> LUSD, approve, LUSD -> ETH: each call sees the state the previous left; effects net', async () => {
    const amount = parseEther('0.1')
    const out = await amountsOut(amount, [weth9, LUSD])
    const back = 100_000_000n // 100 LUSD of what the first call brings
    const deadline = (await chainTime()) + 600n
    const calls = [
      { to: router02, value: amount, data: ethForLusd(1n, SAFE, deadline) },
      {
        to: LUSD,
        value: 0n,
        data: encodeFunctionData({
          abi: quoteAbi,
          functionName: 'approve',
          args: [router02, back],
        }),
      },
      {
        to: router02,
        value: 0n,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [back, 1n, [LUSD, weth9], SAFE, deadline],
        }),
      },
    ]
    const facts = await batchFacts(request, SAFE, calls)
    expect(facts.simulation.status).toBe('success')
    const effects = facts.simulation.status === 'success' ? facts.simulation.effects : []
    expect(effects.find((e) => e.kind === 'erc20')).toEqual({
      kind: 'erc20',
      token: LUSD.toLowerCase(),
      amount: out - back,
    })
    const eth = effects.find((e) => e.kind === 'native')!.amount
    expect(eth).toBeLessThan(0n)
    expect(eth).toBeGreaterThan(-amount)
    const view = batchView(calls, 31337, { address: SAFE }, facts.tokens, facts)
    expect(sectionFields(view, 'Simulated effects')).toEqual({
      'You send': `${formatUnits(-eth, 18)} ETH`,
      'You receive': `${formatUnits(out - back, devTokens.lusd.decimals)} LUSD`,
    })
    expect(view.dangers).toEqual([])
  })

  it('a batch whose swap lacks its approval says which call would fail', async () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [10n ** 12n, 1n, [LUSD, weth9], SAFE, (await chainTime()) + 600n],
    })
    const view = await review([
      { to: router02, value: parseEther('0.01'), data: ethForLusd(1n, SAFE, 2n ** 40n) },
      { to: router02, value: 0n, data },
    ])
    expect(view.dangers[0]).toMatch(/^This transaction would fail \(revert: call #2: /)
  })
})
