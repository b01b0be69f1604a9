import { decodeFunctionData, type Hex, parseAbi, size, zeroAddress } from 'viem'

/** The native currency on either side of a swap (Velora and 1inch write it as 0xeeee…eeee). */
export const NATIVE = 'native'
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A router call read as a swap: what goes in, what must come out, to whom, until when. */
export interface ParsedSwap {
  venue: 'Uniswap V2' | 'Velora' | '1inch'
  functionName: string
  /** Lower-case token addresses, or NATIVE. */
  tokenIn: string
  tokenOut: string
  /** Uniswap's hops, lower-case, WETH included where the native currency enters or leaves. */
  path?: string[] | undefined
  /** The exact amount in when `exactIn`, else the most the swap may take. */
  amountIn: bigint
  /** The least that must come out when `exactIn`, else the exact amount out. */
  amountOut: bigint
  exactIn: boolean
  /** Who receives the output; undefined: the sender (the router's rule for the zero address). */
  recipient?: string | undefined
  /** Unix seconds after which the router refuses the swap; Velora and 1inch calls carry none. */
  deadline?: bigint | undefined
}

/** Uniswap V2 Router02's swaps, as deployed (scripts/devchain/dex) and on mainnet. */
export const uniswapV2RouterAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])

/**
 * The generic swaps of the aggregators the server routes through (convert/velora.ts,
 * convert/oneinch.ts): Velora's Augustus v6 and 1inch's router v5/v6. Their per-DEX shortcuts
 * (Velora's swapExactAmountInOnUniswapV3…, 1inch's unoswap with packed words) are not read here.
 */
export const aggregatorAbi = parseAbi([
  'function swapExactAmountIn(address executor, (address srcToken, address destToken, uint256 fromAmount, uint256 toAmount, uint256 quotedAmount, bytes32 metadata, address beneficiary) swapData, uint256 partnerAndFee, bytes permit, bytes executorData) payable returns (uint256, uint256, uint256)',
  'function swapExactAmountOut(address executor, (address srcToken, address destToken, uint256 fromAmount, uint256 toAmount, uint256 quotedAmount, bytes32 metadata, address beneficiary) swapData, uint256 partnerAndFee, bytes permit, bytes executorData) payable returns (uint256, uint256, uint256, uint256)',
  'function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes data) payable returns (uint256, uint256)',
  'function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes permit, bytes data) payable returns (uint256, uint256)',
])

const lower = (value: unknown) => String(value).toLowerCase()
const side = (token: unknown) => (lower(token) === NATIVE_PLACEHOLDER ? NATIVE : lower(token))
/** The zero address means "the sender" to all three routers. */
const receiver = (value: unknown) => (lower(value) === zeroAddress ? undefined : lower(value))

type Decoded = { functionName: string; args: readonly unknown[] }

function tryDecode(abi: typeof uniswapV2RouterAbi | typeof aggregatorAbi, data: Hex) {
  try {
    return decodeFunctionData({ abi, data }) as Decoded
  } catch {
    return undefined
  }
}

function uniswapV2(decoded: Decoded, value: bigint): ParsedSwap | undefined {
  const { functionName } = decoded
  // biome-ignore lint/suspicious/noExplicitAny: the tuple's shape depends on the function
  const args = decoded.args as readonly any[]
  const ethIn = /^swap(Exact)?ETHFor/.test(functionName)
  const ethOut = /ForETH|ForExactETH/.test(functionName)
  const exactIn = functionName.startsWith('swapExact')
  // ETH-in swaps take the amount in from the value: (amountOutMin | amountOut, path, to, deadline).
  // The others name both amounts first, the exact one first: (amountIn, amountOutMin) or
  // (amountOut, amountInMax).
  const [amountIn, amountOut] = ethIn
    ? [value, args[0]]
    : exactIn
      ? [args[0], args[1]]
      : [args[1], args[0]]
  const [path, to, deadline] = args.slice(ethIn ? 1 : 2)
  const hops = (path as string[]).map(lower)
  if (hops.length < 2) return undefined
  return {
    venue: 'Uniswap V2',
    functionName,
    tokenIn: ethIn ? NATIVE : hops[0]!,
    tokenOut: ethOut ? NATIVE : hops.at(-1)!,
    path: hops,
    amountIn: amountIn as bigint,
    amountOut: amountOut as bigint,
    exactIn,
    recipient: lower(to),
    deadline: deadline as bigint,
  }
}

function aggregator(decoded: Decoded): ParsedSwap {
  const { functionName } = decoded
  // biome-ignore lint/suspicious/noExplicitAny: the struct's fields depend on the router
  const data = decoded.args[1] as any
  if (functionName === 'swap')
    return {
      venue: '1inch',
      functionName,
      tokenIn: side(data.srcToken),
      tokenOut: side(data.dstToken),
      amountIn: data.amount,
      amountOut: data.minReturnAmount,
      exactIn: true,
      recipient: receiver(data.dstReceiver),
    }
  return {
    venue: 'Velora',
    functionName,
    tokenIn: side(data.srcToken),
    tokenOut: side(data.destToken),
    amountIn: data.fromAmount,
    amountOut: data.toAmount,
    exactIn: functionName === 'swapExactAmountIn',
    recipient: receiver(data.beneficiary),
  }
}

/**
 * Reads `data` as a swap on a Uniswap V2 router or an aggregator's generic swap, by its
 * selector on whatever contract `to` is: the simulation (swapView.ts) is what checks that the
 * contract does what the call says. Undefined for any other call.
 */
export function parseSwap(data: Hex | undefined, value = 0n): ParsedSwap | undefined {
  if (!data || size(data) < 4) return undefined
  const uniswap = tryDecode(uniswapV2RouterAbi, data)
  if (uniswap) return uniswapV2(uniswap, value)
  const other = tryDecode(aggregatorAbi, data)
  return other ? aggregator(other) : undefined
}

/** The ERC-20 contracts a swap names, for reading their symbols and decimals. */
export const swapTokens = (swap: ParsedSwap): string[] =>
  [...new Set([...(swap.path ?? []), swap.tokenIn, swap.tokenOut])].filter((t) => t !== NATIVE)
