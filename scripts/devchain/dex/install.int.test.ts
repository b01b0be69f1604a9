import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployer, devTokens, mnemonicAddresses } from '../accounts.js'
import { type AnvilInstance, startAnvil, TEST_MNEMONIC } from '../anvil.js'
import { genesisTimestampFor, seedDevChain } from '../seed.js'
import { dexContracts, dexDeployer } from './addresses.js'
import { DexInstallError, installDex, installDexOrWarn } from './install.js'

const NOW = new Date('2026-02-10T15:00:00Z')
const seeded: Address[] = [deployer.address, ...mnemonicAddresses]
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
])
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])

let anvil: AnvilInstance
let client: PublicClient
beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
  await seedDevChain(anvil.rpcUrl, { now: NOW })
})
afterAll(() => anvil?.stop())

const noncesOf = (addresses: Address[]) =>
  Promise.all(addresses.map((address) => client.getTransactionCount({ address })))

describe('installDex on the seeded dev chain', () => {
  let noncesBefore: number[]
  let headBefore: bigint

  it('finds WETH9, the factory, Router02 and three pools the seed put in place, and sends nothing', async () => {
    noncesBefore = await noncesOf(seeded)
    headBefore = await client.getBlockNumber()
    // The seed deploys the DEX right after genesis (seedPlan.ts): 3 deployments by its deployer.
    expect(await client.getTransactionCount({ address: dexDeployer.address })).toBe(8)
    const result = await installDex(anvil.rpcUrl)
    expect(result.transactions).toBe(0)
    expect(Object.keys(result.pools)).toEqual(['LUSD/ETH', 'DEMO/ETH', 'LUSD/DEMO'])
    const read = (functionName: 'factory' | 'WETH') =>
      client.readContract({ address: dexContracts.router02, abi: routerAbi, functionName })
    expect(await read('factory')).toBe(dexContracts.factory)
    expect(await read('WETH')).toBe(dexContracts.weth9)
    const lusdInPool = await client.readContract({
      address: devTokens.lusd.address,
      abi: erc20,
      functionName: 'balanceOf',
      args: [result.pools['LUSD/ETH'] as Address],
    })
    // 300,000 LUSD opened the pool; account 0's seeded swaps moved it since, by less than 1 %.
    expect(lusdInPool).toBeGreaterThan(297_000_000_000n)
    expect(lusdInPool).toBeLessThan(303_000_000_000n)
  })

  it('prices 1 ETH near 3,000 LUSD through the router (which finds the pair by its code hash)', async () => {
    const [, out] = await client.readContract({
      address: dexContracts.router02,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [dexContracts.weth9, devTokens.lusd.address]],
    })
    // 0.3 % fee and 1 % of the pool's depth: near 2,961 LUSD (the seeded swaps moved it a little).
    expect(out).toBeGreaterThan(2_900_000_000n)
    expect(out).toBeLessThan(3_000_000_000n)
  })

  it("leaves the seeded accounts' nonces alone and sends nothing more", async () => {
    expect(await noncesOf(seeded)).toEqual(noncesBefore)
    expect(await client.getBlockNumber()).toBe(headBefore)
  })

  it('sends nothing the second time', async () => {
    const again = await installDex(anvil.rpcUrl)
    expect(again.transactions).toBe(0)
  })

  it('swaps ETH for LUSD for a dev account at exactly the quoted amount', async () => {
    const account = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 5 })
    const wallet = createWalletClient({ account, transport: http(anvil.rpcUrl) })
    const path = [dexContracts.weth9, devTokens.lusd.address] as const
    const [, quoted] = await client.readContract({
      address: dexContracts.router02,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('0.5'), [...path]],
    })
    const hash = await wallet.writeContract({
      chain: null,
      address: dexContracts.router02,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [quoted as bigint, [...path], account.address, maxUint256],
      value: parseEther('0.5'),
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const got = await client.readContract({
      address: devTokens.lusd.address,
      abi: erc20,
      functionName: 'balanceOf',
      args: [account.address],
    })
    expect(got).toBe(quoted)
  })
})

describe('a chain where the DEX cannot go to its addresses', () => {
  let other: AnvilInstance
  beforeAll(async () => {
    other = await startAnvil()
  })
  afterAll(() => other?.stop())

  it('is refused by installDex and leaves npm start running with swaps off', async () => {
    // Someone's chain where the deployer already sent: its next contract would land elsewhere.
    const otherClient = createPublicClient({ transport: http(other.rpcUrl) })
    await otherClient.request({
      method: 'anvil_setNonce' as never,
      params: [dexDeployer.address, '0x5'] as never,
    })
    await expect(installDex(other.rpcUrl)).rejects.toBeInstanceOf(DexInstallError)
    const lines: string[] = []
    expect(await installDexOrWarn(other.rpcUrl, (line) => lines.push(line))).toBeNull()
    expect(lines.join('\n')).toMatch(/swaps are off: the DEX deployer's nonce is 5/)
  })
})
