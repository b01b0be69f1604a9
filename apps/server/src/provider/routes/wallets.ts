import type { FastifyPluginAsync } from 'fastify'
import { queryWallets } from '../catalogue/repository.js'
import type { ProviderRouteOptions } from '../plugin.js'
import { readRateLimit } from '../rate-limit.js'
import { NO_NUL, projectErrorResponses, type SdkQuery, sdkQuery } from '../schemas.js'
import { exposeErrors, projectScopedConfig, requireProject } from '../scope.js'

/** Seed §9: 40 per page, 100 for a search; the reference asks for `include.length` at most. */
export const DEFAULT_ENTRIES = 40
export const MAX_ENTRIES = 500
const MAX_PAGE = 10_000

const idList = {
  type: 'string',
  maxLength: 20_000,
  pattern: '^[A-Za-z0-9._,-]*$',
  description: 'Comma-separated wallet ids',
} as const

const walletSchema = {
  type: 'object',
  required: ['id', 'name', 'image_id', 'chains'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    homepage: { type: ['string', 'null'] },
    image_id: { type: 'string' },
    order: { type: 'integer' },
    rdns: { type: ['string', 'null'] },
    chains: { type: 'array', items: { type: 'string' } },
    mobile_link: { type: ['string', 'null'] },
    desktop_link: { type: ['string', 'null'] },
    webapp_link: { type: ['string', 'null'] },
    app_store: { type: ['string', 'null'] },
    play_store: { type: ['string', 'null'] },
    chrome_store: { type: ['string', 'null'] },
    injected: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { namespace: { type: 'string' }, injected_id: { type: 'string' } },
      },
    },
    badge_type: { type: 'string' },
  },
} as const

interface WalletsQuery extends SdkQuery {
  page?: number
  entries?: number
  include?: string
  exclude?: string
  chains?: string
  search?: string
  badge_type?: string
}

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items?.length ? [...new Set(items)] : undefined
}

/** `GET /getWallets` → `{ data, count }`: the wallet catalogue, filtered and paged. */
export const walletsRoutes: FastifyPluginAsync<ProviderRouteOptions> = async (app, options) => {
  app.get<{ Querystring: WalletsQuery }>(
    '/getWallets',
    {
      config: { ...projectScopedConfig, rateLimit: readRateLimit(options.readLimitPerMinute) },
      onRequest: exposeErrors,
      preHandler: requireProject,
      schema: {
        summary: 'The wallet catalogue',
        description:
          'Filters combine: include keeps only the listed ids, exclude drops ids, chains keeps wallets supporting one of the CAIP-2 ids (any EVM wallet matches an eip155 chain), search matches the name, badge_type=certified keeps certified wallets. Ordered by `order`, then name.',
        tags: ['provider'],
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            ...sdkQuery,
            page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
            entries: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_ENTRIES,
              default: DEFAULT_ENTRIES,
            },
            include: idList,
            exclude: idList,
            chains: {
              type: 'string',
              maxLength: 4_000,
              pattern: '^[A-Za-z0-9:_,-]*$',
              description: 'Comma-separated CAIP-2 network ids',
            },
            search: { type: 'string', maxLength: 100, pattern: NO_NUL },
            badge_type: { type: 'string', enum: ['none', 'certified'] },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['data', 'count'],
            properties: {
              data: { type: 'array', items: walletSchema },
              count: { type: 'integer' },
            },
          },
          ...projectErrorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query
      return queryWallets(request.server.db, {
        page: q.page ?? 1,
        entries: q.entries ?? DEFAULT_ENTRIES,
        include: list(q.include),
        exclude: list(q.exclude),
        chains: list(q.chains),
        search: q.search,
        badgeType: q.badge_type,
      })
    },
  )
}
