import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem'
import {
  ConvertError,
  NATIVE_TOKEN,
  type SwapProvider,
  SwapProviderError,
  type SwapRequest,
  type SwapToken,
  unsupportedSwapNetwork,
} from './types.js'

/**
 * Velora (formerly ParaSwap), keyless: its REST API's /tokens, /prices and /transactions. Swaps
 * go through Augustus v6.2, which pulls ERC-20s itself, so it is the spender to approve; its
 * address is the same on every chain Velora serves.
 */
export const AUGUSTUS_V6_2: Address = '0x6A000F20005980200259B80c5102003040001068'
const API_VERSION = '6.2'
const TIMEOUT_MS = 10_000
const TOKEN_LIST_TTL_MS = 10 * 60_000

interface PriceRoute {
  srcAmount: string
  destAmount: string
  srcUSD?: string
  contractAddress?: string
  [key: string]: unknown
}

export interface VeloraOptions {
  url: string
  chains: readonly number[]
  fetch?: typeof fetch
  now?: () => number
}

export function createVeloraProvider(options: VeloraOptions): SwapProvider {
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const chains = new Set(options.chains)
  const lists = new Map<number, { at: number; list: SwapToken[] }>()

  async function ask<T>(path: string, init?: RequestInit): Promise<T> {
    let res: Response
    try {
      res = await doFetch(`${options.url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new SwapProviderError('velora', `no answer (${(error as Error).message})`)
    }
    const body = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null
    if (res.status >= 400 && res.status < 500 && body && typeof body.error === 'string')
      // Velora's refusals are about the request (no route, amount too small): the caller's to fix.
      throw new ConvertError(400, 'SWAP_NO_ROUTE', `Velora: ${body.error.slice(0, 200)}`)
    if (!res.ok || !body) throw new SwapProviderError('velora', `HTTP ${res.status}`)
    return body
  }

  async function tokens(chainId: number): Promise<SwapToken[]> {
    if (!chains.has(chainId)) throw unsupportedSwapNetwork(chainId)
    const cached = lists.get(chainId)
    if (cached && now() - cached.at < TOKEN_LIST_TTL_MS) return cached.list
    const body = await ask<{ tokens?: unknown }>(`/tokens/${chainId}`)
    if (!Array.isArray(body.tokens))
      throw new SwapProviderError('velora', 'the token list has no tokens')
    const list: SwapToken[] = []
    for (const t of body.tokens as Record<string, unknown>[]) {
      const address = typeof t.address === 'string' ? t.address : ''
      if (
        !isAddress(address, { strict: false }) ||
        typeof t.symbol !== 'string' ||
        !Number.isInteger(t.decimals)
      )
        continue
      const native = address.toLowerCase() === NATIVE_TOKEN
      list.push({
        name: typeof t.name === 'string' ? t.name : t.symbol,
        symbol: t.symbol,
        address: native ? NATIVE_TOKEN : getAddress(address),
        decimals: t.decimals as number,
        logoUri: typeof t.img === 'string' ? t.img : '',
      })
    }
    lists.set(chainId, { at: now(), list })
    return list
  }

  async function decimalsOf(chainId: number, address: Address): Promise<number> {
    const token = (await tokens(chainId)).find((t) => t.address === address)
    if (!token)
      throw new ConvertError(
        400,
        'SWAP_TOKEN_UNKNOWN',
        `eip155:${chainId}:${address} is not on Velora's list`,
      )
    return token.decimals
  }

  async function priceRoute(
    request: Omit<SwapRequest, 'user'> & { user?: Address },
  ): Promise<PriceRoute> {
    const [srcDecimals, destDecimals] = await Promise.all([
      decimalsOf(request.chainId, request.from),
      decimalsOf(request.chainId, request.to),
    ])
    const query = new URLSearchParams({
      srcToken: request.from,
      srcDecimals: String(srcDecimals),
      destToken: request.to,
      destDecimals: String(destDecimals),
      amount: request.amount.toString(),
      side: 'SELL',
      network: String(request.chainId),
      version: API_VERSION,
      ...(request.user ? { userAddress: request.user } : {}),
    })
    const body = await ask<{ priceRoute?: PriceRoute }>(`/prices?${query}`)
    const route = body.priceRoute
    if (!route || !/^[0-9]+$/.test(String(route.destAmount)))
      throw new SwapProviderError('velora', 'the price answer has no destAmount')
    return route
  }

  return {
    id: 'velora',
    chains,
    tokens,
    quote: async (request) => BigInt((await priceRoute(request)).destAmount),
    async buildTransaction(request) {
      const route = await priceRoute(request)
      const [srcDecimals, destDecimals] = await Promise.all([
        decimalsOf(request.chainId, request.from),
        decimalsOf(request.chainId, request.to),
      ])
      const body = await ask<Record<string, unknown>>(
        `/transactions/${request.chainId}?ignoreChecks=true`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            srcToken: request.from,
            srcDecimals,
            destToken: request.to,
            destDecimals,
            srcAmount: request.amount.toString(),
            slippage: request.slippageBps,
            priceRoute: route,
            userAddress: request.user,
          }),
        },
      )
      const { to, data, value, gas } = body
      if (
        typeof to !== 'string' ||
        !isAddress(to, { strict: false }) ||
        !isHex(data) ||
        !/^[0-9]+$/.test(String(value ?? '0'))
      )
        throw new SwapProviderError('velora', 'the transaction answer is not a transaction')
      // Only to the contract we tell users to approve: anything else would take the approval's worth.
      if (getAddress(to) !== AUGUSTUS_V6_2)
        throw new SwapProviderError('velora', `the transaction goes to ${to}, not Augustus v6.2`)
      return {
        to: getAddress(to),
        data: data as Hex,
        value: BigInt(String(value ?? '0')),
        ...(typeof gas === 'string' && /^[0-9]+$/.test(gas) ? { gas: BigInt(gas) } : {}),
      }
    },
    async spender(chainId) {
      if (!chains.has(chainId)) throw unsupportedSwapNetwork(chainId)
      return AUGUSTUS_V6_2
    },
    async priceUsd(token) {
      const list = await tokens(token.chainId)
      const self = list.find((t) => t.address === token.address)
      const other = list.find((t) => t.address !== token.address)
      if (!self || !other) return null
      // Velora prices both sides of a route in USD: one whole token's worth, sold for anything.
      const route = await priceRoute({
        chainId: token.chainId,
        from: token.address,
        to: other.address,
        amount: 10n ** BigInt(self.decimals),
      })
      const usd = Number(route.srcUSD)
      return Number.isFinite(usd) ? usd : null
    },
  }
}
