import type { Address, Hex } from 'viem'
import { HttpError } from '../../../http/errors.js'

/** The reference's stand-in for a chain's native coin in CAIP-10 token ids. */
export const NATIVE_TOKEN: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A token on one chain: an ERC-20's address, or NATIVE_TOKEN for the chain's coin. */
export interface TokenRef {
  chainId: number
  address: Address
}

export interface SwapToken {
  name: string
  symbol: string
  address: Address
  decimals: number
  logoUri: string
}

export interface SwapRequest {
  chainId: number
  from: Address
  to: Address
  /** Base units of `from`, at least 1. */
  amount: bigint
  user: Address
}

export interface SwapTransaction {
  to: Address
  data: Hex
  value: bigint
  /** The provider's own estimate, when it gives one. */
  gas?: bigint
}

/**
 * One source of swaps: the dev chain's Uniswap V2 router, or a production aggregator. The routes
 * (routes.ts) speak only to this, so an aggregator is added as one file beside dex.ts.
 */
export interface SwapProvider {
  /** Named in the remote config's `swap` entry, e.g. "dex" or "velora". */
  readonly id: string
  readonly chains: ReadonlySet<number>
  tokens(chainId: number): Promise<SwapToken[]>
  /** Base units of `to` the user gets for `amount` of `from`. */
  quote(request: SwapRequest): Promise<bigint>
  /** The swap as a transaction from `user`, refusing less than the quote less `slippageBps`. */
  buildTransaction(request: SwapRequest & { slippageBps: number }): Promise<SwapTransaction>
  /** Who an ERC-20 must approve for the swap to pull it. */
  spender(chainId: number): Promise<Address>
  /** USD per whole token, or null when the provider cannot tell. */
  priceUsd(token: TokenRef): Promise<number | null>
}

/** The seed's wording (docs/behaviour.md, error catalogue). */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

export class ConvertError extends HttpError {
  override name = 'ConvertError'
}

export const unsupportedSwapNetwork = (chainId: number) =>
  new ConvertError(400, 'SWAP_NETWORK_UNSUPPORTED', `${SWAPS_UNSUPPORTED} (eip155:${chainId})`)

export const unknownToken = (token: TokenRef) =>
  new ConvertError(
    400,
    'SWAP_TOKEN_UNKNOWN',
    `eip155:${token.chainId}:${token.address} is not a token this server can swap`,
  )

/** An aggregator that did not answer, or answered outside its documented shape. */
export class SwapProviderError extends ConvertError {
  override name = 'SwapProviderError'
  constructor(provider: string, detail: string) {
    super(502, 'SWAP_PROVIDER_UNAVAILABLE', `The swap provider ${provider} failed: ${detail}`)
  }
}
