import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { and, eq, or, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  formatUnits,
  http,
  isAddress,
  type PublicClient,
} from 'viem'
import { chainEvents, chainTokens } from '../db/schema/chaindata.js'
import type { Db } from '../db/types.js'
import { errorResponses, HttpError } from '../errors.js'
import { avatarImageUrl, isServableAvatar } from '../names/avatar.js'
import { ensResolverFor } from '../names/ens.js'
import { primaryNameOf } from '../names/store.js'
import { projectErrorResponses, sdkQuery } from '../provider/schemas.js'
import type { SolanaService } from '../solana/service.js'
import type { NativeCurrency } from './wire.js'

export interface AccountRoutesOptions {
  /** Solana clusters' balances (absent: none configured). */
  solana?: SolanaService | undefined
  /** Chains this server indexes, with their native currency. */
  indexed: ReadonlyMap<number, NativeCurrency>
  /** JSON-RPC upstream per chain (LATCH_RPC_URLS); chain 1 resolves ENS names. */
  rpcUrls: ReadonlyMap<number, string>
  /** Route options of every project-scoped route (docs/provider-services.md#access). */
  scoped: object
}

const Balance = Type.Object({
  name: Type.String(),
  symbol: Type.String(),
  chainId: Type.String({ description: 'CAIP-2' }),
  address: Type.Optional(Type.String({ description: 'CAIP-10 of the token contract' })),
  value: Type.Union([Type.Number(), Type.Null()], { description: 'null: no price source' }),
  price: Type.Union([Type.Number(), Type.Null()], { description: 'null: no price source' }),
  quantity: Type.Object({ decimals: Type.String(), numeric: Type.String() }),
  iconUrl: Type.String(),
})

const Identity = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()], {
    description:
      "This server's image URL for the avatar (only https avatars are served), else null",
  }),
  avatarRecord: Type.Union([Type.String(), Type.Null()], {
    description: 'The avatar as recorded (URL, ipfs:, NFT reference), as text: never fetched here',
  }),
})
const NO_IDENTITY = { name: null, avatar: null, avatarRecord: null }

const AddressParams = Type.Object({ address: Type.String({ maxLength: 64 }) })

function parseAddress(raw: string): Address {
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

/** `GET /v1/account/:address/balance` and `GET /v1/identity/:address`, in the reference shapes. */
export function accountRoutes(options: AccountRoutesOptions): FastifyPluginAsyncTypebox {
  const clients = new Map<number, PublicClient>()
  const clientOf = (chainId: number): PublicClient | undefined => {
    const url = options.rpcUrls.get(chainId)
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

  /** ENS through chain 1's upstream, CCIP-Read off, the avatar as text (names/ens.ts). */
  const ensIdentity = async (request: FastifyRequest, address: Address) => {
    const rpcUrl = options.rpcUrls.get(1)
    if (!rpcUrl) return NO_IDENTITY
    try {
      const { name, avatarRecord } = await ensResolverFor(rpcUrl).lookup(address)
      const avatar = isServableAvatar(avatarRecord) ? avatarImageUrl(request, address) : null
      return { name, avatar, avatarRecord }
    } catch (error) {
      // A name is decoration: an upstream failure (or a resolver asking for an offchain lookup)
      // shows the address, never an error page.
      request.log.warn({ err: error }, 'ENS lookup failed')
      return NO_IDENTITY
    }
  }

  return async (app) => {
    app.get(
      '/v1/account/:address/balance',
      {
        ...options.scoped,
        schema: {
          summary: "An account's native and token balances on one chain (EVM, or a Solana cluster)",
          description:
            'The native balance is read from the chain; ERC-20 balances are summed from the index (transfers in minus out). Prices and values are null: this server has no price source.',
          tags: ['history'],
          params: AddressParams,
          querystring: Type.Object({
            ...sdkQuery,
            chainId: Type.String({ description: 'CAIP-2 (eip155:1) or a decimal chain id' }),
            currency: Type.Optional(Type.String({ maxLength: 8 })),
            forceUpdate: Type.Optional(Type.String({ maxLength: 100 })),
          }),
          response: {
            200: Type.Object({ balances: Type.Array(Balance) }),
            ...projectErrorResponses,
            ...errorResponses({
              400: 'INVALID_ADDRESS or UNSUPPORTED_CHAIN',
              502: 'UPSTREAM_ERROR: the chain node did not answer',
            }),
          },
        },
      },
      async (request) => {
        if (options.solana && request.query.chainId.startsWith('solana:'))
          return {
            balances: await options.solana.balances(request.params.address, request.query.chainId),
          }
        const address = parseAddress(request.params.address)
        const match = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(request.query.chainId)
        const chainId = match ? Number(match[1]) : Number.NaN
        const native = options.indexed.get(chainId)
        const client = clientOf(chainId)
        if (!native || !client)
          throw new HttpError(
            400,
            'UNSUPPORTED_CHAIN',
            `Chain "${request.query.chainId.slice(0, 64)}" has no balances here; see GET /v1/supported-chains.`,
          )
        // The index says which tokens the account holds; the chain says how much, at its head
        // (a token that mints or burns without Transfer events would make sums from it wrong).
        const indexed = await indexedTokenBalances(app.db, chainId, address)
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
          request.log.warn({ err: error, chainId }, 'balance read failed')
          throw new HttpError(
            502,
            'UPSTREAM_ERROR',
            'The chain node did not answer; try again later',
          )
        }
        const caip2 = `eip155:${chainId}`
        const tokens = indexed
          .map((token, i) => ({ ...token, onChain: onChain[i] ?? 0n }))
          .filter((token) => token.onChain > 0n)
        return {
          balances: [
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
          ],
        }
      },
    )

    app.get(
      '/v1/identity/:address',
      {
        ...options.scoped,
        schema: {
          summary: 'The name and avatar of an address',
          description:
            "The address's primary name in this server's registry, else its ENS name through the chain 1 upstream of LATCH_RPC_URLS (CCIP-Read off: offchain names are not resolved). The avatar is this server's image URL, never the owner's host; all null when there is none.",
          tags: ['history'],
          params: AddressParams,
          querystring: Type.Object({
            ...sdkQuery,
            sender: Type.Optional(Type.String({ maxLength: 64 })),
          }),
          response: {
            200: Identity,
            ...projectErrorResponses,
            ...errorResponses({ 400: 'INVALID_ADDRESS' }),
          },
        },
      },
      async (request) => {
        const address = parseAddress(request.params.address)
        const own = await primaryNameOf(app.db, address)
        if (own) {
          const record = own.attributes.avatar ?? null
          const avatar = isServableAvatar(record) ? avatarImageUrl(request, own.name) : null
          return { name: own.name, avatar, avatarRecord: record }
        }
        return ensIdentity(request, address)
      },
    )
  }
}
