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
 * 1inch, keyed: its Swap API v6.0 (tokens, quote, swap, approve/spender) and Spot Price API, each
 * call with the deployment's key as a bearer token. The key stays on the server.
 */
const TIMEOUT_MS = 10_000
const CACHE_TTL_MS = 10 * 60_000

export interface OneInchOptions {
  url: string
  apiKey: string
  chains: readonly number[]
  fetch?: typeof fetch
  now?: () => number
}

export function createOneInchProvider(options: OneInchOptions): SwapProvider {
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const chains = new Set(options.chains)
  const lists = new Map<number, { at: number; list: SwapToken[] }>()
  const spenders = new Map<number, { at: number; address: Address }>()

  async function ask<T>(path: string): Promise<T> {
    let res: Response
    try {
      res = await doFetch(`${options.url}${path}`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new SwapProviderError('1inch', `no answer (${(error as Error).message})`)
    }
    const body = (await res.json().catch(() => null)) as (T & { description?: unknown }) | null
    // 401/403 is this server's key, not the user's request: an outage from the user's side.
    if (res.status === 400 && body && typeof body.description === 'string')
      throw new ConvertError(400, 'SWAP_NO_ROUTE', `1inch: ${body.description.slice(0, 200)}`)
    if (!res.ok || !body) throw new SwapProviderError('1inch', `HTTP ${res.status}`)
    return body
  }

  const base = (chainId: number) => {
    if (!chains.has(chainId)) throw unsupportedSwapNetwork(chainId)
    return `/swap/v6.0/${chainId}`
  }

  async function tokens(chainId: number): Promise<SwapToken[]> {
    const path = `${base(chainId)}/tokens`
    const cached = lists.get(chainId)
    if (cached && now() - cached.at < CACHE_TTL_MS) return cached.list
    const body = await ask<{ tokens?: unknown }>(path)
    if (!body.tokens || typeof body.tokens !== 'object')
      throw new SwapProviderError('1inch', 'the token list has no tokens')
    const list: SwapToken[] = []
    for (const t of Object.values(body.tokens as Record<string, Record<string, unknown>>)) {
      const address = typeof t.address === 'string' ? t.address : ''
      if (!isAddress(address, { strict: false }) || typeof t.symbol !== 'string') continue
      if (!Number.isInteger(t.decimals)) continue
      list.push({
        name: typeof t.name === 'string' ? t.name : t.symbol,
        symbol: t.symbol,
        address: address.toLowerCase() === NATIVE_TOKEN ? NATIVE_TOKEN : getAddress(address),
        decimals: t.decimals as number,
        logoUri: typeof t.logoURI === 'string' ? t.logoURI : '',
      })
    }
    lists.set(chainId, { at: now(), list })
    return list
  }

  async function spender(chainId: number): Promise<Address> {
    const path = `${base(chainId)}/approve/spender`
    const cached = spenders.get(chainId)
    if (cached && now() - cached.at < CACHE_TTL_MS) return cached.address
    const { address } = await ask<{ address?: unknown }>(path)
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw new SwapProviderError('1inch', 'the spender answer has no address')
    spenders.set(chainId, { at: now(), address: getAddress(address) })
    return getAddress(address)
  }

  const pair = (r: SwapRequest) =>
    new URLSearchParams({ src: r.from, dst: r.to, amount: r.amount.toString() })

  return {
    id: '1inch',
    chains,
    tokens,
    async quote(request) {
      const body = await ask<{ dstAmount?: unknown }>(
        `${base(request.chainId)}/quote?${pair(request)}`,
      )
      if (!/^[0-9]+$/.test(String(body.dstAmount)))
        throw new SwapProviderError('1inch', 'the quote has no dstAmount')
      return BigInt(String(body.dstAmount))
    },
    async buildTransaction(request) {
      const query = pair(request)
      query.set('from', request.user)
      query.set('origin', request.user)
      // 1inch takes slippage as a percentage.
      query.set('slippage', String(request.slippageBps / 100))
      query.set('disableEstimate', 'true')
      const [body, approved] = await Promise.all([
        ask<{ tx?: Record<string, unknown> }>(`${base(request.chainId)}/swap?${query}`),
        spender(request.chainId),
      ])
      const tx = body.tx ?? {}
      const { to, data, value, gas } = tx
      if (typeof to !== 'string' || !isAddress(to, { strict: false }) || !isHex(data))
        throw new SwapProviderError('1inch', 'the swap answer is not a transaction')
      if (!/^[0-9]+$/.test(String(value ?? '0')))
        throw new SwapProviderError('1inch', 'the swap answer has no value')
      // Only to the router users approve: anything else could spend what they approved.
      if (getAddress(to) !== approved)
        throw new SwapProviderError('1inch', `the swap goes to ${to}, not the approved router`)
      return {
        to: approved,
        data: data as Hex,
        value: BigInt(String(value ?? '0')),
        ...(Number.isSafeInteger(gas) && (gas as number) > 0 ? { gas: BigInt(gas as number) } : {}),
      }
    },
    spender,
    async priceUsd(token) {
      if (!chains.has(token.chainId)) throw unsupportedSwapNetwork(token.chainId)
      const body = await ask<Record<string, unknown>>(
        `/price/v1.1/${token.chainId}/${token.address}?currency=USD`,
      )
      const key = Object.keys(body).find((k) => k.toLowerCase() === token.address.toLowerCase())
      const price = key === undefined ? Number.NaN : Number(body[key])
      return Number.isFinite(price) ? price : null
    },
  }
}
