import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  formatUnits,
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
import { reviewTransaction } from '../review.js'
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
}, 120_000)
afterAll(() => anvil?.stop())

const chainTime = async () => (await client.getBlock()).timestamp
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
