import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type Address, isAddress } from 'viem'
import { HttpError } from '../errors.js'
import { DEFAULT_READ_LIMIT_PER_MINUTE, readRateLimit } from '../provider/rate-limit.js'
import { projectErrorResponses, projectQuerySchema } from '../provider/schemas.js'
import { exposeErrors, projectScopedConfig, requireProject } from '../provider/scope.js'
import type { SolanaService } from '../solana/service.js'
import { accountRoutes } from './account-routes.js'
import { CursorCodec, type CursorScope, InvalidCursorError } from './cursor.js'
import { eventsOf, readHistory } from './history.js'
import { type HistoryProvider, ProviderError } from './providers/types.js'
import {
  HistoryPage as HistoryPageSchema,
  HistoryParams,
  HistoryQuery,
  historyErrors,
  SupportedChains,
} from './schemas.js'
import { EMPTY_SPAM_POLICY, type SpamPolicy } from './spam.js'
import type { HistoryPage } from './types.js'
import { caip2, type NativeCurrency, toWireTransaction } from './wire.js'

export interface ChainDataRoutesOptions {
  /** Chains indexed by this server, with their native currency. */
  indexed: ReadonlyMap<number, NativeCurrency>
  /** Chains served by a remote provider. */
  providers?: ReadonlyMap<number, HistoryProvider>
  cursorSecret: string
  spam?: SpamPolicy
  /** JSON-RPC upstream per chain, for balances and names (none: indexed-chain reads fail). */
  rpcUrls?: ReadonlyMap<number, string>
  /** Solana clusters' account history (absent: no Solana cluster configured). */
  solana?: SolanaService
  /**
   * Route options that scope every route to a project (default {@link projectScoped}). Only
   * unit tests of other behaviour, on an app without a database, pass something else.
   */
  scope?: object
}

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 100

const bad = (code: string, message: string) => new HttpError(400, code, message)

function parseAddress(raw: string): Address {
  // strict: mixed case must be a valid EIP-55 checksum; all-lower and all-upper are accepted.
  if (!isAddress(raw, { strict: true }))
    throw bad(
      'INVALID_ADDRESS',
      `"${raw.slice(0, 64)}" is not an EVM address (0x followed by 40 hex digits, valid checksum if mixed case).`,
    )
  return raw.toLowerCase() as Address
}

function parseChainId(raw: string | undefined, known: (id: number) => boolean): number | null {
  if (raw === undefined || raw === '') return null
  const match = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(raw)
  const id = match ? Number(match[1]) : Number.NaN
  if (!match || !Number.isSafeInteger(id) || !known(id))
    throw bad(
      'UNSUPPORTED_CHAIN',
      `Chain "${raw.slice(0, 64)}" is not supported; see GET /v1/supported-chains.`,
    )
  return id
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE
  const n = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE)
    throw bad('INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_PAGE}.`)
  return n
}

const historySchema = {
  summary: 'Transaction history of an account, newest first',
  description:
    'Pages through the transactions that moved value to or from the address (native, ERC-20, ERC-721, ERC-1155) and its approvals, on one chain or on every chain with history. Follow `next` as `cursor` for older pages; a cursor is tied to the address and chain it was issued for.',
  tags: ['history'],
  params: HistoryParams,
  querystring: HistoryQuery,
  response: { 200: HistoryPageSchema, ...historyErrors },
}

/**
 * Every route a page calls answers only for a known project, with CORS from that project's
 * allow-list (one rule for browser access, docs/provider-services.md#access).
 */
export const projectScoped = {
  config: { ...projectScopedConfig, rateLimit: readRateLimit(DEFAULT_READ_LIMIT_PER_MINUTE) },
  onRequest: exposeErrors,
  preHandler: requireProject,
}

/** `GET /v1/supported-chains` and `GET /v1/account/:address/history`. Reads `app.db`. */
export function chainDataRoutes(options: ChainDataRoutesOptions): FastifyPluginAsyncTypebox {
  const codec = new CursorCodec(options.cursorSecret)
  const providers = options.providers ?? new Map()
  const spam = options.spam ?? EMPTY_SPAM_POLICY
  const known = (id: number) => options.indexed.has(id) || providers.has(id)
  const scope = options.scope ?? projectScoped

  return async (app) => {
    await app.register(
      accountRoutes({
        indexed: options.indexed,
        rpcUrls: options.rpcUrls ?? new Map(),
        scoped: scope,
        solana: options.solana,
      }),
    )
    const supportedSchema = {
      summary: 'Chains with history',
      tags: ['history'],
      querystring: projectQuerySchema,
      response: { 200: SupportedChains, ...projectErrorResponses },
    }
    app.get('/v1/supported-chains', { ...scope, schema: supportedSchema }, async () => {
      const ids = [...new Set([...options.indexed.keys(), ...providers.keys()])].sort(
        (a, b) => a - b,
      )
      return { http: [...ids.map(caip2), ...(options.solana?.clusters ?? [])], ws: [] as string[] }
    })

    app.get(
      '/v1/account/:address/history',
      { ...scope, schema: historySchema },
      async (request): Promise<HistoryPage> => {
        if (options.solana?.claims(request.params.address, request.query.chainId))
          return options.solana.page({
            address: request.params.address,
            chainId: request.query.chainId,
            cursor: request.query.cursor,
            limit: parseLimit(request.query.limit),
          })
        const address = parseAddress(request.params.address)
        const chainId = parseChainId(request.query.chainId, known)
        const limit = parseLimit(request.query.limit)
        const rawCursor = request.query.cursor
        const scope: CursorScope = { address, chainId }

        const provider =
          chainId !== null && !options.indexed.has(chainId) ? providers.get(chainId) : undefined
        if (provider && chainId !== null) {
          let continuation: string | null = null
          try {
            if (rawCursor) continuation = codec.open(scope, rawCursor)
          } catch (error) {
            if (error instanceof InvalidCursorError) throw bad('INVALID_CURSOR', error.message)
            throw error
          }
          let page: Awaited<ReturnType<HistoryProvider['history']>>
          try {
            page = await provider.history({ address, chainId, cursor: continuation, limit })
          } catch (error) {
            if (error instanceof ProviderError) {
              // The upstream's own words stay in the log: they may quote a URL with its key.
              request.log.warn({ err: error }, 'history provider failed')
              throw new HttpError(
                502,
                'UPSTREAM_ERROR',
                `The ${provider.kind} history provider failed; try again later`,
              )
            }
            throw error
          }
          return {
            data: page.data,
            next: page.continuation ? codec.seal(scope, page.continuation) : null,
          }
        }

        let after = null
        if (rawCursor) {
          try {
            after = codec.decode(scope, rawCursor)
          } catch (error) {
            if (error instanceof InvalidCursorError) throw bad('INVALID_CURSOR', error.message)
            throw error
          }
        }
        const rows = await readHistory(app.db, { address, chainId, after, limit })
        const data = rows.txs.map((tx) =>
          toWireTransaction(address, tx, eventsOf(rows, tx), {
            native: options.indexed.get(tx.chainId) ?? {
              name: 'Ether',
              symbol: 'ETH',
              decimals: 18,
            },
            tokens: rows.tokens.get(tx.chainId) ?? new Map(),
            nfts: rows.nfts.get(tx.chainId) ?? new Map(),
            spam,
          }),
        )
        return { data, next: rows.next ? codec.encode(scope, rows.next) : null }
      },
    )
  }
}
