import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses } from '../http/errors.js'
import { projectErrorResponses, projectQuerySchema, sdkQuery } from '../http/project-query.js'
import { exposeErrors, projectScopedConfig, requireProject } from '../http/project-scope.js'
import { DEFAULT_READ_LIMIT_PER_MINUTE, readRateLimit } from '../http/rate-limit.js'
import { markOnrampDeposits } from '../onramp/deposits.js'
import type { HistoryCache } from './history-cache/cache.js'
import { pageScopes, serveCached } from './history-cache/serve.js'
import {
  Balance,
  HistoryPage as HistoryPageSchema,
  HistoryParams,
  HistoryQuery,
  historyErrors,
  SupportedChains,
} from './schemas.js'
import type { ChainBackend } from './types.js'

export { DEFAULT_PAGE, MAX_PAGE } from './shared/page.js'

export interface ChainDataRoutesOptions {
  /** The configured backends, in registration order (chains/index.ts). */
  backends: readonly ChainBackend[]
  /**
   * Route options that scope every route to a project (default {@link projectScoped}). Only
   * unit tests of other behaviour, on an app without a database, pass something else.
   */
  scope?: object
  /** Keeps served history pages until the indexer announces a change (none: no cache). */
  cache?: HistoryCache
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

const balanceSchema = {
  summary: "An account's native and token balances on one chain (EVM, or a Solana cluster)",
  description:
    'The native balance is read from the chain; ERC-20 balances are summed from the index (transfers in minus out). Prices and values are null: this server has no price source.',
  tags: ['history'],
  params: Type.Object({ address: Type.String({ maxLength: 64 }) }),
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

/**
 * The backend that answers a query: the first that claims it, else the first registered, whose
 * errors (INVALID_ADDRESS, UNSUPPORTED_CHAIN) then answer what nobody serves.
 */
export function backendFor(
  backends: readonly ChainBackend[],
  address: string,
  chainId: string | undefined,
): ChainBackend | undefined {
  return backends.find((backend) => backend.claims(address, chainId)) ?? backends[0]
}

/**
 * `GET /v1/supported-chains`, `GET /v1/account/:address/history`, `GET /v1/account/:address/balance`
 * and each backend's own routes, over the configured backends. Reads `app.db`.
 */
export function chainDataRoutes(options: ChainDataRoutesOptions): FastifyPluginAsyncTypebox {
  const { backends } = options
  const scope = options.scope ?? projectScoped

  return async (app) => {
    for (const backend of backends) if (backend.routes) await app.register(backend.routes(scope))
    const supportedSchema = {
      summary: 'Chains with history',
      tags: ['history'],
      querystring: projectQuerySchema,
      response: { 200: SupportedChains, ...projectErrorResponses },
    }
    app.get('/v1/supported-chains', { ...scope, schema: supportedSchema }, async () => ({
      http: backends.flatMap((backend) => backend.historyChains()),
      ws: [] as string[],
    }))

    app.get(
      '/v1/account/:address/history',
      { ...scope, schema: historySchema },
      async (request, reply) => {
        const { address } = request.params
        const { chainId, cursor, limit } = request.query
        const backend = backendFor(backends, address, chainId)
        if (!backend) throw new Error('no chain backend is registered')
        const projectId = request.latchProject?.id
        const load = async () => {
          const page = await backend.history({
            address,
            chainId,
            cursor,
            limit,
            log: request.log,
            db: app.db,
          })
          // The on-ramp's purchases are deposits, not plain receives (docs/onramp.md).
          return markOnrampDeposits(app.db, projectId, address, page)
        }
        if (!options.cache) return load()
        // Project scope and rate limits ran before this (hooks): only the page is cached.
        const key = JSON.stringify([
          projectId ?? '',
          backend.namespace,
          address,
          chainId ?? '',
          cursor ?? '',
          limit ?? '',
        ])
        // serveCached sends the reply itself (a cached string, or a 304) and returns it, which
        // Fastify takes as "already sent"; the route's types only know the page shape.
        return serveCached(request, reply, {
          cache: options.cache,
          key,
          scopes: pageScopes(backend, address, chainId),
          load,
        }) as Promise<never>
      },
    )

    app.get(
      '/v1/account/:address/balance',
      { ...scope, schema: balanceSchema },
      async (request) => {
        const { address } = request.params
        const { chainId } = request.query
        const backend = backendFor(
          backends.filter((b) => b.balances),
          address,
          chainId,
        )
        if (!backend?.balances) throw new Error('no chain backend has balances')
        return {
          balances: await backend.balances({ address, chainId, log: request.log, db: app.db }),
        }
      },
    )
  }
}
