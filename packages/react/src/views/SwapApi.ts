/**
 * The convert routes of the Latch server (docs/swap.md), called by the Swap view only: this
 * module is in its chunk, so a page without swaps never loads it.
 */

import { serverCall } from './serverCall.js'

/** The reference's stand-in for the native coin in CAIP-10 token ids. */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10. */
  address: string
  decimals: number
  logoUri: string
}

export interface SwapQuote {
  fromAmount: string
  toAmount: string
}

/** The gas a built swap carries, as the reference's convert API nests it. */
export interface SwapGas {
  gas: string
  gasPrice: string
}

export interface SwapTx {
  from: string
  to: string
  data: string
  value: string
  eip155: SwapGas
}

/** The server's refusal, its message meant for the user (e.g. 'Network not supported for Swaps'). */
export class SwapApiError extends Error {
  override name = 'SwapApiError'
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

export function createSwapApi(serverUrl: string, projectId: string) {
  const call = <T>(
    path: string,
    query: Record<string, string>,
    body?: unknown,
    signal?: AbortSignal,
  ) =>
    serverCall<T>({
      serverUrl,
      projectId,
      path,
      query,
      body,
      signal,
      fail: (code, message) => new SwapApiError(code, message),
    })
  return {
    tokens: (chainId: string, signal?: AbortSignal) =>
      call<{ tokens: SwapToken[] }>('/v1/convert/tokens', { chainId }, undefined, signal),
    quote: (
      q: { from: string; to: string; amount: string; userAddress: string },
      signal?: AbortSignal,
    ) => call<{ quotes: SwapQuote[] }>('/v1/convert/quotes', q, undefined, signal),
    allowance: (tokenAddress: string, userAddress: string) =>
      call<{ allowance: string }>('/v1/convert/allowance', { tokenAddress, userAddress }),
    buildApprove: (q: { from: string; to: string; amount: string; userAddress: string }) =>
      call<{ tx: SwapTx }>('/v1/convert/build-approve', q),
    buildTransaction: (b: {
      from: string
      to: string
      amount: string
      userAddress: string
      slippage: string
    }) =>
      call<{ tx: SwapTx }>(
        '/v1/convert/build-transaction',
        {},
        {
          from: b.from,
          to: b.to,
          amount: b.amount,
          userAddress: b.userAddress,
          eip155: { slippage: b.slippage },
        },
      ),
    prices: (addresses: string[]) =>
      call<{ fungibles: { symbol: string; price: number }[] }>(
        '/v1/fungible/price',
        {},
        { currency: 'usd', addresses },
      ),
  }
}

export type SwapApi = ReturnType<typeof createSwapApi>

/** A typed decimal amount in base units; undefined when it is not a positive amount. */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const match = /^([0-9]{1,30})(?:\.([0-9]*))?$/.exec(amount.trim())
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  const units =
    BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0') || '0')
  return units > 0n ? units : undefined
}

/** Base units as a short decimal: at most `digits` decimals, trailing zeros dropped. */
export function fromBaseUnits(units: bigint, decimals: number, digits = 6): string {
  const scale = 10n ** BigInt(decimals)
  const whole = units / scale
  const fraction = (units % scale)
    .toString()
    .padStart(decimals, '0')
    .slice(0, digits)
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

/** What the swap refuses to go below: the quote less the slippage (percent, e.g. "1"). */
export function minimumReceived(quoted: bigint, slippagePercent: string): bigint {
  const bps = Math.round(Number(slippagePercent) * 100)
  return (quoted * BigInt(10_000 - bps)) / 10_000n
}

/** 0.01 to 50 percent, as the server takes it. */
export function isSlippage(value: string): boolean {
  if (!/^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(value)) return false
  const n = Number(value)
  return n > 0 && n <= 50
}

/**
 * Why a send failed, in the user's words: the wallet's error wraps the node's, which carries the
 * router's revert reason; known reasons get a sentence, others their innermost message.
 */
export function failureReason(
  error: unknown,
  words: { priceMoved: string; expired: string; rejected: string },
): string {
  const messages: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const { message, cause, code } = current as {
      message?: unknown
      cause?: unknown
      code?: unknown
    }
    if (typeof message === 'string') messages.push(message)
    if (code === 4001) return words.rejected
    current = cause
  }
  const all = messages.join('\n')
  if (/INSUFFICIENT_OUTPUT_AMOUNT|Too little received/.test(all)) return words.priceMoved
  if (/UniswapV2Router: EXPIRED/.test(all)) return words.expired
  if (/user rejected|user denied/i.test(all)) return words.rejected
  return messages.at(-1) ?? String(error)
}

/** Above this, the view warns that the trade itself moves the price against the user. */
export const HIGH_PRICE_IMPACT_PERCENT = 5

/**
 * How much less the quote is worth than what is paid, in percent, at the tokens' market prices
 * (the server's `/v1/fungible/price`: on the dev DEX the pools' own price), so it counts the
 * pool's fee and the trade's own move. Undefined without both prices.
 */
export function priceImpact(
  paid: { units: bigint; decimals: number; usd: number | undefined },
  got: { units: bigint; decimals: number; usd: number | undefined },
): number | undefined {
  if (!paid.usd || !got.usd || paid.units === 0n) return undefined
  const worth = (x: typeof paid) => (Number(x.units) / 10 ** x.decimals) * (x.usd ?? 0)
  return ((worth(paid) - worth(got)) / worth(paid)) * 100
}

/** The swap's fee in the native coin's base units: its gas limit at the gas price it was built with. */
export const networkFee = (tx: { eip155: SwapGas }): bigint =>
  BigInt(tx.eip155.gas) * BigInt(tx.eip155.gasPrice)
