import { and, eq, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  formatUnits,
  http,
  isAddress,
  type PublicClient,
} from 'viem'
import type { Db } from '../../db/types.js'
import { HttpError } from '../../http/errors.js'
import type { WireBalance } from '../types.js'
import { chainEvents, chainTokens } from './schema.js'
import type { NativeCurrency } from './wire.js'

export interface EvmBalancesOptions {
  /** Chains this server indexes, with their native currency. */
  indexed: ReadonlyMap<number, NativeCurrency>
  /** JSON-RPC upstream per chain (LATCH_RPC_URLS). */
  rpcUrls: ReadonlyMap<number, string>
}

/** Lenient (any case): a balance is no place to teach checksums. */
export function parseAnyCaseAddress(raw: string): Address {
  if (!isAddress(raw, { strict: false }))
    throw new HttpError(400, 'INVALID_ADDRESS', `"${raw.slice(0, 64)}" is not an EVM address.`)
  return raw.toLowerCase() as Address
}

/**
 * ERC-20 tokens the account holds according to the index: received minus sent is positive, per
 * token, on one chain. The amounts are then read from the chain.
 */
async function indexedTokenBalances(db: Db, chainId: number, address: Address) {
  const signed = sql<string>`sum(case when ${chainEvents.toAddress} = ${address} then ${chainEvents.amount} else 0 end) - sum(case when ${chainEvents.fromAddress} = ${address} then ${chainEvents.amount} else 0 end)`
  const rows = await db
    .select({
      token: chainEvents.token,
      amount: signed,
      name: chainTokens.name,
      symbol: chainTokens.symbol,
      decimals: chainTokens.decimals,
      spam: chainTokens.spamReason,
    })
    .from(chainEvents)
    .leftJoin(
      chainTokens,
      and(eq(chainTokens.chainId, chainEvents.chainId), eq(chainTokens.address, chainEvents.token)),
    )
    .where(
      and(
        eq(chainEvents.chainId, chainId),
        eq(chainEvents.kind, 'erc20'),
        or(eq(chainEvents.toAddress, address), eq(chainEvents.fromAddress, address)),
      ),
    )
    .groupBy(
      chainEvents.token,
      chainTokens.name,
      chainTokens.symbol,
      chainTokens.decimals,
      chainTokens.spamReason,
    )
  return rows.filter((row) => row.token && BigInt(row.amount) > 0n && !row.spam)
}

/** A viem client per chain with an upstream, made on first use. */
function clientsOf(rpcUrls: ReadonlyMap<number, string>) {
  const clients = new Map<number, PublicClient>()
  return (chainId: number): PublicClient | undefined => {
    const url = rpcUrls.get(chainId)
    if (!url) return undefined
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(url, { timeout: 5_000, retryCount: 0 }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
}

/**
 * The native balance read from the chain, ERC-20 balances of the tokens the index says the
 * account holds (read from the chain too). Prices and values are null: no price source.
 */
export function evmBalances(options: EvmBalancesOptions) {
  const clientOf = clientsOf(options.rpcUrls)
  return async (query: {
    address: string
    chainId: string
    log: FastifyBaseLogger
    db: Db
  }): Promise<WireBalance[]> => {
    const address = parseAnyCaseAddress(query.address)
    const match = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(query.chainId)
    const chainId = match ? Number(match[1]) : Number.NaN
    const native = options.indexed.get(chainId)
    const client = clientOf(chainId)
    if (!native || !client)
      throw new HttpError(
        400,
        'UNSUPPORTED_CHAIN',
        `Chain "${query.chainId.slice(0, 64)}" has no balances here; see GET /v1/supported-chains.`,
      )
    // The index says which tokens the account holds; the chain says how much, at its head
    // (a token that mints or burns without Transfer events would make sums from it wrong).
    const indexed = await indexedTokenBalances(query.db, chainId, address)
    let wei: bigint
    let onChain: bigint[]
    try {
      const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
      ;[wei, onChain] = await Promise.all([
        client.getBalance({ address, blockNumber }),
        Promise.all(
          indexed.map((token) =>
            client.readContract({
              address: token.token as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [address],
              blockNumber,
            }),
          ),
        ),
      ])
    } catch (error) {
      query.log.warn({ err: error, chainId }, 'balance read failed')
      throw new HttpError(502, 'UPSTREAM_ERROR', 'The chain node did not answer; try again later')
    }
    const caip2 = `eip155:${chainId}`
    const tokens = indexed
      .map((token, i) => ({ ...token, onChain: onChain[i] ?? 0n }))
      .filter((token) => token.onChain > 0n)
    return [
      {
        name: native.name,
        symbol: native.symbol,
        chainId: caip2,
        value: null,
        price: null,
        quantity: {
          decimals: String(native.decimals),
          numeric: formatUnits(wei, native.decimals),
        },
        iconUrl: '',
      },
      ...tokens
        .filter((token) => token.onChain > 0n)
        .map((token) => ({
          name: token.name ?? token.symbol ?? 'Unknown token',
          symbol: token.symbol ?? '',
          chainId: caip2,
          address: `${caip2}:${token.token}`,
          value: null,
          price: null,
          quantity: {
            decimals: String(token.decimals ?? 0),
            numeric: formatUnits(token.onChain, token.decimals ?? 0),
          },
          iconUrl: '',
        })),
    ]
  }
}
