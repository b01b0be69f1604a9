import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod'

/**
 * Where swaps come from (docs/swap.md):
 *  - LATCH_SWAP_DEX_ROUTERS: `eip155:<chain>=<Uniswap V2 Router02>` entries; quotes and swaps from
 *    that router's pools through the chain's RPC (LATCH_RPC_URLS / the indexed chain's node).
 *    `npm start` names the dev chain's router (scripts/devchain/dex).
 *  - LATCH_SWAP_USD_TOKENS: `eip155:<chain>=<token>`, a token worth one US dollar on that DEX,
 *    against which /v1/fungible/price prices the others.
 *  - LATCH_SWAP_AGGREGATOR: `velora` (keyless, LATCH_SWAP_VELORA_URL) or `1inch` (keyed:
 *    LATCH_SWAP_1INCH_KEY, LATCH_SWAP_1INCH_URL) routes the chains in LATCH_SWAP_AGGREGATOR_CHAINS
 *    (default: the reference's swap networks that aggregator serves).
 */
export interface SwapConfig {
  dexRouters: ReadonlyMap<number, Address>
  usdTokens: ReadonlyMap<number, Address>
  aggregator:
    | { id: 'velora'; url: string; chains: readonly number[] }
    | { id: '1inch'; url: string; apiKey: string; chains: readonly number[] }
    | null
}

export const DEFAULT_VELORA_URL = 'https://api.paraswap.io'
/** The reference's twelve swap networks that Velora also serves. */
export const DEFAULT_AGGREGATOR_CHAINS = [1, 10, 56, 100, 137, 250, 8453, 42161, 43114] as const
export const DEFAULT_1INCH_URL = 'https://api.1inch.dev'
/** The reference's twelve swap networks that 1inch also serves. */
export const DEFAULT_1INCH_CHAINS = [1, 10, 56, 100, 137, 324, 8453, 42161, 43114] as const

const ENTRY = /^eip155:([1-9][0-9]{0,15})=(0x[0-9a-fA-F]{40})$/

function parseAddressMap(raw: string | undefined, name: string): Map<number, Address> {
  const map = new Map<number, Address>()
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue
    const match = ENTRY.exec(entry)
    if (!match || !isAddress(match[2] as string, { strict: false }))
      throw new Error(`${name}: "${entry}" is not eip155:<chain id>=<0x address>`)
    const chainId = Number(match[1])
    if (map.has(chainId)) throw new Error(`${name}: chain ${chainId} is named twice`)
    map.set(chainId, getAddress(match[2] as string))
  }
  return map
}

function parseChains(
  raw: string | undefined,
  defaults: readonly number[] = DEFAULT_AGGREGATOR_CHAINS,
): number[] {
  if (!raw) return [...defaults]
  return raw.split(',').map((item) => {
    if (!/^[1-9][0-9]{0,15}$/.test(item.trim()))
      throw new Error(`LATCH_SWAP_AGGREGATOR_CHAINS: "${item}" is not a chain id`)
    return Number(item)
  })
}

const checked = (parse: (value: string | undefined) => unknown) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parse(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
      }
    })

export const swapEnvShape = {
  LATCH_SWAP_DEX_ROUTERS: checked((v) => parseAddressMap(v, 'LATCH_SWAP_DEX_ROUTERS')),
  LATCH_SWAP_USD_TOKENS: checked((v) => parseAddressMap(v, 'LATCH_SWAP_USD_TOKENS')),
  LATCH_SWAP_AGGREGATOR: z.enum(['velora', '1inch', 'off']).optional(),
  LATCH_SWAP_VELORA_URL: z.url({ protocol: /^https?$/ }).optional(),
  LATCH_SWAP_1INCH_URL: z.url({ protocol: /^https?$/ }).optional(),
  LATCH_SWAP_1INCH_KEY: z.string().min(8, 'must be a 1inch API key').optional(),
  LATCH_SWAP_AGGREGATOR_CHAINS: checked((v) => parseChains(v)),
}

type SwapEnv = { [K in keyof typeof swapEnvShape]?: string | undefined }

export function readSwapConfig(e: SwapEnv): SwapConfig {
  return {
    dexRouters: parseAddressMap(e.LATCH_SWAP_DEX_ROUTERS, 'LATCH_SWAP_DEX_ROUTERS'),
    usdTokens: parseAddressMap(e.LATCH_SWAP_USD_TOKENS, 'LATCH_SWAP_USD_TOKENS'),
    aggregator: readAggregator(e),
  }
}

const trimmed = (url: string) => url.replace(/\/+$/, '')

function readAggregator(e: SwapEnv): SwapConfig['aggregator'] {
  if (e.LATCH_SWAP_AGGREGATOR === 'velora')
    return {
      id: 'velora',
      url: trimmed(e.LATCH_SWAP_VELORA_URL ?? DEFAULT_VELORA_URL),
      chains: parseChains(e.LATCH_SWAP_AGGREGATOR_CHAINS),
    }
  if (e.LATCH_SWAP_AGGREGATOR === '1inch' && e.LATCH_SWAP_1INCH_KEY)
    return {
      id: '1inch',
      url: trimmed(e.LATCH_SWAP_1INCH_URL ?? DEFAULT_1INCH_URL),
      apiKey: e.LATCH_SWAP_1INCH_KEY,
      chains: parseChains(e.LATCH_SWAP_AGGREGATOR_CHAINS, DEFAULT_1INCH_CHAINS),
    }
  return null
}

/** What the variables cannot say one by one: 1inch needs its key. */
export function swapConfigIssues(e: SwapEnv): string[] {
  if (e.LATCH_SWAP_AGGREGATOR === '1inch' && !e.LATCH_SWAP_1INCH_KEY)
    return ['LATCH_SWAP_1INCH_KEY: LATCH_SWAP_AGGREGATOR=1inch needs the 1inch API key']
  return []
}

/** The name the remote config gives, or null when this server can serve no swap. */
export function swapProviderName(config: SwapConfig | undefined): string | null {
  if (!config) return null
  if (config.dexRouters.size > 0) return 'dex'
  return config.aggregator?.id ?? null
}
