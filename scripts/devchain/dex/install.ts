import {
  type Address,
  type Client,
  createClient,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem'
import { devPools, dexContracts, dexDeployer, dexNonces, type PoolSide } from './addresses.js'
import { dexCreationCode } from './artifacts.js'

export class DexInstallError extends Error {
  override name = 'DexInstallError'
}

export interface DexInstallResult {
  contracts: typeof dexContracts
  /** Pool name → pair address, each holding liquidity after the call. */
  pools: Record<string, Address>
  /** Transactions this call sent (0 when the chain already had everything). */
  transactions: number
  durationMs: number
}

export const dexAbi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
])

// LatchToken's layout (contracts/LatchToken.sol): name, symbol, totalSupply, balanceOf, allowance;
// decimals and minter are immutables and take no slot.
const TOTAL_SUPPLY_SLOT = 2n
const BALANCE_OF_SLOT = 3n

async function rpc<T>(client: Client, method: string, params: unknown[] = []): Promise<T> {
  return (await client.request({ method, params } as never)) as T
}

async function call<T>(client: Client, to: Address, fn: string, args: readonly unknown[]) {
  const data = encodeFunctionData({ abi: dexAbi, functionName: fn, args } as never)
  const result = await rpc<Hex>(client, 'eth_call', [{ to, data }, 'latest'])
  return decodeFunctionResult({ abi: dexAbi, functionName: fn, data: result } as never) as T
}

const hasCode = async (client: Client, address: Address) =>
  (await rpc<Hex>(client, 'eth_getCode', [address, 'latest'])) !== '0x'

/** anvil mines on send (automine); the receipt is read until it is there, never for a set time. */
async function waitMined(client: Client, hash: Hex, label: string): Promise<void> {
  for (;;) {
    const receipt = await rpc<{ status: Hex } | null>(client, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new DexInstallError(`${label}: ${hash} reverted`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Gives the DEX deployer a dev token by writing its balance and the total supply in storage: the
 * token's only minter is the seed's deployer, whose nonce must not move (seed.ts checks it).
 */
async function credit(client: Client, token: Address, amount: bigint): Promise<void> {
  const word = (n: bigint) => numberToHex(n, { size: 32 })
  const balanceSlot = keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }],
      [dexDeployer.address, BALANCE_OF_SLOT],
    ),
  )
  const before = await call<bigint>(client, token, 'balanceOf', [dexDeployer.address])
  const supply = BigInt(
    await rpc<Hex>(client, 'eth_getStorageAt', [token, word(TOTAL_SUPPLY_SLOT), 'latest']),
  )
  await rpc(client, 'anvil_setStorageAt', [token, balanceSlot, word(before + amount)])
  await rpc(client, 'anvil_setStorageAt', [token, word(TOTAL_SUPPLY_SLOT), word(supply + amount)])
  const after = await call<bigint>(client, token, 'balanceOf', [dexDeployer.address])
  if (after !== before + amount)
    throw new DexInstallError(`${token} does not keep balances where LatchToken does`)
}

/**
 * Deploys Uniswap V2 (WETH9, the factory, Router02) from the published artifacts and opens the dev
 * pools with liquidity (addresses.ts). Idempotent: contracts in place and pools holding reserves
 * are left alone. The seed puts all of it in place on a fresh chain (seedPlan.ts), so this sends
 * something only on a chain seeded before that; it adds blocks but no seeded account's transaction.
 */
export async function installDex(
  rpcUrl: string,
  options: { log?: (message: string) => void } = {},
): Promise<DexInstallResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const client = createClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const chainId = Number(await rpc<Hex>(client, 'eth_chainId'))
  const me = dexDeployer.address
  let transactions = 0
  let nonce = Number(await rpc<Hex>(client, 'eth_getTransactionCount', [me, 'latest']))

  const send = async (label: string, to: Address | null, data: Hex, value = 0n) => {
    const balance = BigInt(await rpc<Hex>(client, 'eth_getBalance', [me, 'latest']))
    if (balance < value + parseEther('10'))
      await rpc(client, 'anvil_setBalance', [me, numberToHex(value + parseEther('1000'))])
    const { baseFeePerGas } = await rpc<{ baseFeePerGas: Hex }>(client, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])
    const tx = { from: me, data, value: numberToHex(value), ...(to ? { to } : {}) }
    const gas = BigInt(await rpc<Hex>(client, 'eth_estimateGas', [tx]))
    const signed = await dexDeployer.signTransaction({
      type: 'eip1559',
      chainId,
      nonce: nonce++,
      ...(to ? { to } : {}),
      data,
      value,
      gas: (gas * 12n) / 10n,
      maxFeePerGas: BigInt(baseFeePerGas) * 2n + 1_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    await waitMined(client, await rpc<Hex>(client, 'eth_sendRawTransaction', [signed]), label)
    transactions++
  }

  const args = (types: string[], values: unknown[]) =>
    encodeAbiParameters(
      types.map((type) => ({ type })),
      values,
    ).slice(2)
  const deployData: Record<keyof typeof dexNonces, () => Hex> = {
    weth9: () => dexCreationCode.weth9(),
    factory: () => `${dexCreationCode.factory()}${args(['address'], [me])}`,
    router02: () =>
      `${dexCreationCode.router02()}${args(['address', 'address'], [dexContracts.factory, dexContracts.weth9])}`,
  }
  for (const name of Object.keys(dexNonces) as (keyof typeof dexNonces)[]) {
    if (await hasCode(client, dexContracts[name])) continue
    // Another nonce would put the contract elsewhere than every other part expects it.
    if (nonce !== dexNonces[name])
      throw new DexInstallError(
        `the DEX deployer's nonce is ${nonce}, not ${dexNonces[name]}: this chain's DEX is half-installed; start a fresh chain`,
      )
    await send(name, null, deployData[name]())
    if (!(await hasCode(client, dexContracts[name])))
      throw new DexInstallError(`${name} did not land at ${dexContracts[name]}`)
  }

  const router = dexContracts.router02
  const tokenOf = (side: PoolSide) => (side.token === 'native' ? dexContracts.weth9 : side.token)
  const pools: Record<string, Address> = {}
  for (const pool of devPools) {
    const [a, b] = [tokenOf(pool.a), tokenOf(pool.b)]
    let pair = await call<Address>(client, dexContracts.factory, 'getPair', [a, b])
    if (pair !== zeroAddress) {
      const [r0] = await call<[bigint, bigint, number]>(client, pair, 'getReserves', [])
      if (r0 > 0n) {
        pools[pool.name] = pair
        continue
      }
    }
    for (const side of [pool.a, pool.b]) {
      if (side.token === 'native') continue
      await credit(client, side.token, side.amount)
      const allowed = await call<bigint>(client, side.token, 'allowance', [me, router])
      if (allowed < side.amount)
        await send(
          `approve ${side.token}`,
          side.token,
          encodeFunctionData({ abi: dexAbi, functionName: 'approve', args: [router, maxUint256] }),
        )
    }
    const native = pool.a.token === 'native' ? pool.a : pool.b.token === 'native' ? pool.b : null
    const other = native === pool.a ? pool.b : pool.a
    const data = native
      ? encodeFunctionData({
          abi: dexAbi,
          functionName: 'addLiquidityETH',
          args: [other.token as Address, other.amount, other.amount, native.amount, me, maxUint256],
        })
      : encodeFunctionData({
          abi: dexAbi,
          functionName: 'addLiquidity',
          args: [a, b, pool.a.amount, pool.b.amount, pool.a.amount, pool.b.amount, me, maxUint256],
        })
    await send(`liquidity ${pool.name}`, router, data, native?.amount ?? 0n)
    pair = await call<Address>(client, dexContracts.factory, 'getPair', [a, b])
    pools[pool.name] = pair
  }
  const durationMs = Math.round(performance.now() - started)
  log(
    transactions === 0
      ? 'DEX already in place'
      : `DEX (Uniswap V2) deployed with ${Object.keys(pools).length} pools: ${transactions} transactions in ${durationMs} ms`,
  )
  return { contracts: dexContracts, pools, transactions, durationMs }
}

/**
 * For `npm start`: a chain whose DEX cannot be put in place (e.g. someone else's chain where the
 * DEX deployer's nonce has moved) still starts, with swaps off and the reason logged.
 */
export async function installDexOrWarn(
  rpcUrl: string,
  log: (message: string) => void,
): Promise<DexInstallResult | null> {
  try {
    return await installDex(rpcUrl, { log })
  } catch (error) {
    if (!(error instanceof DexInstallError)) throw error
    log(`warning: no DEX on this chain, swaps are off: ${error.message}`)
    return null
  }
}
