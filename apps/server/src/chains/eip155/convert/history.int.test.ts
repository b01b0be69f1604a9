import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  http,
  maxUint256,
  parseAbi,
  parseEther,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devTokens, mnemonicAddresses } from '../../../../../../scripts/devchain/accounts.js'
import {
  type AnvilInstance,
  startAnvil,
  TEST_MNEMONIC,
} from '../../../../../../scripts/devchain/anvil.js'
import { dexContracts } from '../../../../../../scripts/devchain/dex/addresses.js'
import { installDex } from '../../../../../../scripts/devchain/dex/install.js'
import {
  genesisTimestampFor,
  seedDevChain,
  seedSchedule,
} from '../../../../../../scripts/devchain/seed.js'
import { allPages, createWorld, type World } from '../fixtures/harness.js'
import { routerAbi } from './dex.js'

// A swap through the router is one history row, a `trade`, with both legs: what left the account
// and what arrived, the ETH leg included though the router pays it by an internal call.
const NOW = new Date()
const trader = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 7 })
const lusd = devTokens.lusd.address
const approveAbi = parseAbi(['function approve(address, uint256) returns (bool)'])

let anvil: AnvilInstance
let world: World
const hashes: Record<string, string> = {}
beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
  await seedDevChain(anvil.rpcUrl, { now: NOW })
  await installDex(anvil.rpcUrl)
  const wallet = createWalletClient({ account: trader, transport: http(anvil.rpcUrl) })
  world = await createWorld(anvil.rpcUrl, 'pglite')
  const send = async (name: string, to: Address, data: `0x${string}`, value = 0n) => {
    const hash = await wallet.sendTransaction({ chain: null, to, data, value })
    const receipt = await world.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${name} reverted`)
    hashes[name] = hash.toLowerCase()
  }
  const deadline = maxUint256
  await send(
    'ethToLusd',
    dexContracts.router02,
    encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [1n, [dexContracts.weth9, lusd], trader.address, deadline],
    }),
    parseEther('1'),
  )
  await send(
    'approve',
    lusd,
    encodeFunctionData({
      abi: approveAbi,
      functionName: 'approve',
      args: [dexContracts.router02, maxUint256],
    }),
  )
  await send(
    'lusdToEth',
    dexContracts.router02,
    encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [500_000_000n, 1n, [lusd, dexContracts.weth9], trader.address, deadline],
    }),
  )
  await world.indexer({ batchSize: 50 }).syncToHead()
}, 300_000)
afterAll(async () => {
  await world?.close()
  await anvil?.stop()
})

describe('a Uniswap V2 swap in the history', () => {
  const rows = async () => (await allPages(world.app, trader.address, { limit: '50' })).flat()
  const legs = (row: {
    transfers?: { direction: string; fungible_info?: { symbol?: string } | null }[]
  }) => (row.transfers ?? []).map((t) => `${t.direction} ${t.fungible_info?.symbol}`).sort()

  it('is one trade row for ETH → LUSD with the ETH out and the LUSD in', async () => {
    const mine = (await rows()).filter((r) => r.metadata.hash.toLowerCase() === hashes.ethToLusd)
    expect(mine).toHaveLength(1)
    expect(mine[0]?.metadata.operationType).toBe('trade')
    expect(legs(mine[0] as never)).toEqual(['in LUSD', 'out ETH'])
  })

  it('is one trade row for LUSD → ETH, the router’s internal ETH payment as the in leg', async () => {
    const mine = (await rows()).filter((r) => r.metadata.hash.toLowerCase() === hashes.lusdToEth)
    expect(mine).toHaveLength(1)
    expect(mine[0]?.metadata.operationType).toBe('trade')
    expect(legs(mine[0] as never)).toEqual(['in ETH', 'out LUSD'])
  })

  it('keeps the approval before it an approve row', async () => {
    const mine = (await rows()).filter((r) => r.metadata.hash.toLowerCase() === hashes.approve)
    expect(mine.map((r) => r.metadata.operationType)).toEqual(['approve'])
  })

  it("shows account 0's seeded Uniswap swaps of past months as trades with both legs", async () => {
    const account0 = mnemonicAddresses[0] as Address
    // The seed's blocks holding a swap through the router: their dates are the rows' dates.
    const swapDays = seedSchedule(NOW)
      .filter((b) => b.txs.some((tx) => tx.kind === 'swap' && tx.to === dexContracts.router02))
      .map((b) => new Date(b.timestamp * 1000).toISOString().slice(0, 19))
    expect(swapDays).toHaveLength(4)
    const all = (await allPages(world.app, account0, { limit: '50' })).flat()
    const seeded = all.filter((r) => swapDays.includes(String(r.metadata.minedAt).slice(0, 19)))
    // The approval batched with LUSD → ETH is a row of its own, in that swap's block.
    const trades = seeded.filter((r) => r.metadata.operationType === 'trade')
    expect(seeded.filter((r) => !trades.includes(r)).map((r) => r.metadata.operationType)).toEqual([
      'approve',
    ])
    // Newest first: ETH → DEMO, LUSD → DEMO, LUSD → ETH, ETH → LUSD.
    expect(trades.map((r) => legs(r as never))).toEqual([
      ['in DEMO', 'out ETH'],
      ['in DEMO', 'out LUSD'],
      ['in ETH', 'out LUSD'],
      ['in LUSD', 'out ETH'],
    ])
  })
})
