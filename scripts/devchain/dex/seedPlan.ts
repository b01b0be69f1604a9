import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseAbi,
} from 'viem'
import { devTokens } from '../accounts.js'
import { devPools, dexContracts, dexDeployer, dexNonces } from './addresses.js'
import { dexCreationCode } from './artifacts.js'

/**
 * The DEX as part of the seeded history (plan.ts places these): deployed and given its pools
 * right after genesis, so the seeded accounts can trade on it in past months and their history
 * shows Uniswap swaps as trades. installDex then finds everything in place and sends nothing.
 */
export interface DexDraft {
  kind: 'deploy' | 'erc20-approve' | 'add-liquidity' | 'swap'
  label: string
  from: Address
  to: Address | null
  data: Hex
  value: bigint
  gas: bigint
}

const abi = parseAbi([
  'function approve(address, uint256) returns (bool)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
const me = dexDeployer.address
const router = dexContracts.router02
const args = (types: string[], values: unknown[]) =>
  encodeAbiParameters(
    types.map((type) => ({ type })),
    values,
  ).slice(2)

/** WETH9, the factory and Router02, in the order of their nonces (which fix their addresses). */
export function dexDeployments(): DexDraft[] {
  const code: Record<keyof typeof dexNonces, () => Hex> = {
    weth9: () => dexCreationCode.weth9(),
    factory: () => `${dexCreationCode.factory()}${args(['address'], [me])}`,
    router02: () =>
      `${dexCreationCode.router02()}${args(['address', 'address'], [dexContracts.factory, dexContracts.weth9])}`,
  }
  return (Object.keys(dexNonces) as (keyof typeof dexNonces)[]).map((name) => ({
    kind: 'deploy',
    label: `deploy Uniswap V2 ${name}`,
    from: me,
    to: null,
    data: code[name](),
    value: 0n,
    gas: 6_000_000n,
  }))
}

/** What the DEX deployer needs of each dev token to open the pools (the seed's deployer mints it). */
export function dexTokenNeeds(): { token: Address; amount: bigint }[] {
  const needs = new Map<Address, bigint>()
  for (const pool of devPools)
    for (const side of [pool.a, pool.b])
      if (side.token !== 'native')
        needs.set(side.token, (needs.get(side.token) ?? 0n) + side.amount)
  return [...needs].map(([token, amount]) => ({ token, amount }))
}

/** The deployer approves the router for its tokens and opens every pool at its dev price. */
export function dexPools(): DexDraft[] {
  const approvals: DexDraft[] = dexTokenNeeds().map(({ token }) => ({
    kind: 'erc20-approve',
    label: `approve the router for ${token}`,
    from: me,
    to: token,
    data: encodeFunctionData({ abi, functionName: 'approve', args: [router, maxUint256] }),
    value: 0n,
    gas: 100_000n,
  }))
  const liquidity = devPools.map((pool): DexDraft => {
    const native = pool.a.token === 'native' ? pool.a : pool.b.token === 'native' ? pool.b : null
    const other = native === pool.a ? pool.b : pool.a
    const data = native
      ? encodeFunctionData({
          abi,
          functionName: 'addLiquidityETH',
          args: [other.token as Address, other.amount, other.amount, native.amount, me, maxUint256],
        })
      : encodeFunctionData({
          abi,
          functionName: 'addLiquidity',
          args: [
            pool.a.token as Address,
            pool.b.token as Address,
            pool.a.amount,
            pool.b.amount,
            pool.a.amount,
            pool.b.amount,
            me,
            maxUint256,
          ],
        })
    return {
      kind: 'add-liquidity',
      label: `open the ${pool.name} pool`,
      from: me,
      to: router,
      data,
      value: native?.amount ?? 0n,
      gas: 4_000_000n,
    }
  })
  return [...approvals, ...liquidity]
}

type Coin = 'ETH' | 'LUSD' | 'DEMO'
const onPath = (coin: Coin): Address =>
  coin === 'ETH'
    ? dexContracts.weth9
    : coin === 'LUSD'
      ? devTokens.lusd.address
      : devTokens.demo.address

/**
 * A trader's swap of an exact amount in (base units) through the router, on the direct pool.
 * The minimum out is 1: a seeded block holds nothing that could move the price before it.
 */
export function dexSwap(
  trader: Address,
  from: Coin,
  to: Coin,
  amount: bigint,
  label: string,
): DexDraft {
  const path = [onPath(from), onPath(to)]
  const base = { kind: 'swap' as const, label, from: trader, to: router, gas: 250_000n }
  if (from === 'ETH')
    return {
      ...base,
      value: amount,
      data: encodeFunctionData({
        abi,
        functionName: 'swapExactETHForTokens',
        args: [1n, path, trader, maxUint256],
      }),
    }
  const functionName = to === 'ETH' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    ...base,
    value: 0n,
    data: encodeFunctionData({ abi, functionName, args: [amount, 1n, path, trader, maxUint256] }),
  }
}

/** The trader lets the router spend a dev token, as a wallet does before its first swap of it. */
export const dexApprove = (trader: Address, token: Address): DexDraft => ({
  kind: 'erc20-approve',
  label: `approve the router for ${token}`,
  from: trader,
  to: token,
  data: encodeFunctionData({ abi, functionName: 'approve', args: [router, maxUint256] }),
  value: 0n,
  gas: 100_000n,
})
