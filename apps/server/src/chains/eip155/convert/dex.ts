import {
  type Address,
  ContractFunctionExecutionError,
  createPublicClient,
  encodeFunctionData,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import {
  ConvertError,
  NATIVE_TOKEN,
  type SwapProvider,
  type SwapRequest,
  type SwapToken,
  type TokenRef,
  unknownToken,
  unsupportedSwapNetwork,
} from './types.js'

export const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
const factoryAbi = parseAbi([
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
  'function getPair(address, address) view returns (address)',
])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
])
const erc20Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** Pairs read for the token list: a dev DEX has a handful; a fork of mainnet would have many. */
const MAX_PAIRS = 200
const TOKEN_LIST_TTL_MS = 60_000
/** How long a built swap stays valid, from the later of the chain's head and the clock. */
const DEADLINE_SECONDS = 20n * 60n

interface Chain {
  client: PublicClient
  router: Address
  factory: Address
  weth: Address
  tokens?: { at: number; list: SwapToken[] }
}

export interface DexProviderOptions {
  routers: ReadonlyMap<number, Address>
  rpcUrls: ReadonlyMap<number, string>
  /** A token worth one US dollar per chain, the anchor of prices. */
  usdTokens: ReadonlyMap<number, Address>
  now?: () => number
}

/**
 * Swaps on a Uniswap V2 deployment (the dev chain's, scripts/devchain/dex): the router's own
 * getAmountsOut is the quote, a direct pool first, else through WETH; the native coin goes as
 * WETH on the path and as value or an unwrap at the ends.
 */
export function createDexProvider(options: DexProviderOptions): SwapProvider {
  const now = options.now ?? Date.now
  const chains = new Map<number, Promise<Chain>>()
  const supported = new Set([...options.routers.keys()].filter((id) => options.rpcUrls.has(id)))

  function chainOf(chainId: number): Promise<Chain> {
    const router = options.routers.get(chainId)
    const rpcUrl = options.rpcUrls.get(chainId)
    if (!router || !rpcUrl) throw unsupportedSwapNetwork(chainId)
    let chain = chains.get(chainId)
    if (!chain) {
      const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) })
      const read = (functionName: 'factory' | 'WETH') =>
        client.readContract({ address: router, abi: routerAbi, functionName })
      chain = Promise.all([read('factory'), read('WETH')]).then(([factory, weth]) => ({
        client,
        router,
        factory,
        weth,
      }))
      // A router that did not answer is asked again next time rather than remembered as broken.
      chain.catch(() => chains.delete(chainId))
      chains.set(chainId, chain)
    }
    return chain
  }

  async function tokenList(chainId: number): Promise<SwapToken[]> {
    const chain = await chainOf(chainId)
    if (chain.tokens && now() - chain.tokens.at < TOKEN_LIST_TTL_MS) return chain.tokens.list
    const { client, factory, weth } = chain
    const count = await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'allPairsLength',
    })
    const pairs = await Promise.all(
      Array.from({ length: Math.min(Number(count), MAX_PAIRS) }, (_, i) =>
        client.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'allPairs',
          args: [BigInt(i)],
        }),
      ),
    )
    const addresses = new Set<Address>()
    for (const pair of pairs)
      for (const side of ['token0', 'token1'] as const)
        addresses.add(
          await client.readContract({ address: pair, abi: pairAbi, functionName: side }),
        )
    addresses.delete(weth)
    const list: SwapToken[] = [
      { name: 'Ether', symbol: 'ETH', address: NATIVE_TOKEN, decimals: 18, logoUri: '' },
    ]
    for (const address of addresses) {
      const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
        client.readContract({ address, abi: erc20Abi, functionName })
      const [name, symbol, decimals] = await Promise.all([
        read('name'),
        read('symbol'),
        read('decimals'),
      ])
      list.push({ name, symbol, address, decimals, logoUri: '' })
    }
    chain.tokens = { at: now(), list }
    return list
  }

  async function known(token: TokenRef): Promise<void> {
    const list = await tokenList(token.chainId)
    if (!list.some((t) => t.address === token.address)) throw unknownToken(token)
  }

  /** The shortest path with pools: direct, else through WETH. */
  async function pathFor(chain: Chain, from: Address, to: Address): Promise<Address[]> {
    const a = from === NATIVE_TOKEN ? chain.weth : from
    const b = to === NATIVE_TOKEN ? chain.weth : to
    if (a === b) throw new ConvertError(400, 'SWAP_SAME_TOKEN', 'from and to are the same token')
    const pair = await chain.client.readContract({
      address: chain.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [a, b],
    })
    if (pair !== zeroAddress) return [a, b]
    return [a, chain.weth, b]
  }

  async function amountsOut(chain: Chain, amount: bigint, path: Address[]): Promise<bigint> {
    try {
      const amounts = await chain.client.readContract({
        address: chain.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
      const out = amounts.at(-1) ?? 0n
      if (out === 0n)
        throw new ConvertError(
          400,
          'SWAP_AMOUNT_TOO_SMALL',
          'amount is too small to buy anything in this pool',
        )
      return out
    } catch (error) {
      // The router reverts on an amount its pools overflow on, or a pool with no liquidity.
      if (error instanceof ContractFunctionExecutionError)
        throw new ConvertError(
          400,
          'SWAP_NO_LIQUIDITY',
          `The pools cannot take this amount (${error.shortMessage})`,
        )
      throw error
    }
  }

  async function checked(request: SwapRequest) {
    await Promise.all([
      known({ chainId: request.chainId, address: request.from }),
      known({ chainId: request.chainId, address: request.to }),
    ])
    const chain = await chainOf(request.chainId)
    const path = await pathFor(chain, request.from, request.to)
    return { chain, path, out: await amountsOut(chain, request.amount, path) }
  }

  return {
    id: 'dex',
    chains: supported,
    tokens: tokenList,
    quote: async (request) => (await checked(request)).out,
    async buildTransaction(request) {
      const { chain, path, out } = await checked(request)
      const minOut = (out * BigInt(10_000 - request.slippageBps)) / 10_000n
      // The next block is dated after both the head and the clock: an idle dev chain's head may
      // be a seeded block from yesterday, and a deadline counted from it would already be past.
      const head = await chain.client.getBlock()
      const clock = BigInt(Math.floor(now() / 1000))
      const deadline = (head.timestamp > clock ? head.timestamp : clock) + DEADLINE_SECONDS
      const { user, amount } = request
      if (request.from === NATIVE_TOKEN)
        return {
          to: chain.router,
          value: amount,
          data: encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [minOut, path, user, deadline],
          }),
        }
      const functionName =
        request.to === NATIVE_TOKEN ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
      return {
        to: chain.router,
        value: 0n,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName,
          args: [amount, minOut, path, user, deadline],
        }),
      }
    },
    spender: async (chainId) => (await chainOf(chainId)).router,
    async priceUsd(token) {
      const usd = options.usdTokens.get(token.chainId)
      if (!usd) return null
      await known(token)
      if (token.address === usd) return 1
      const list = await tokenList(token.chainId)
      const decimals = (address: Address) => list.find((t) => t.address === address)?.decimals ?? 18
      const chain = await chainOf(token.chainId)
      const rate = await midRate(chain, await pathFor(chain, token.address, usd))
      return rate * 10 ** (decimals(token.address) - decimals(usd))
    },
  }

  /**
   * The pools' own price along the path (reserves out over reserves in, base units), before the
   * fee and any trade's impact: what a quote's price impact is measured against.
   */
  async function midRate(chain: Chain, path: Address[]): Promise<number> {
    let rate = 1
    for (let i = 0; i + 1 < path.length; i++) {
      const [a, b] = [path[i] as Address, path[i + 1] as Address]
      const pair = await chain.client.readContract({
        address: chain.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [a, b],
      })
      const empty = () =>
        new ConvertError(400, 'SWAP_NO_LIQUIDITY', 'The pools hold nothing to price this token')
      if (pair === zeroAddress) throw empty()
      const read = <F extends 'token0' | 'getReserves'>(functionName: F) =>
        chain.client.readContract({ address: pair, abi: pairAbi, functionName })
      const [token0, [r0, r1]] = await Promise.all([read('token0'), read('getReserves')])
      if (r0 === 0n || r1 === 0n) throw empty()
      const aFirst = token0.toLowerCase() === a.toLowerCase()
      rate *= aFirst ? Number(r1) / Number(r0) : Number(r0) / Number(r1)
    }
    return rate
  }
}
