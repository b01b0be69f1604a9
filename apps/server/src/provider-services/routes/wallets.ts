import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { NO_NUL, projectErrorResponses, sdkQuery } from '../../http/project-query.js'
import { exposeErrors, projectScopedConfig, requireProject } from '../../http/project-scope.js'
import { type ReadLimitOptions, readRateLimit } from '../../http/rate-limit.js'
import { queryWallets } from '../catalogue/repository.js'

/** docs/behaviour.md#limits: 40 per page, 100 for a search; the reference asks for `include.length` at most. */
export const DEFAULT_ENTRIES = 40
export const MAX_ENTRIES = 500
const MAX_PAGE = 10_000

const idList = Type.Optional(
  Type.String({
    maxLength: 20_000,
    pattern: '^[A-Za-z0-9._,-]*$',
    description: 'Comma-separated wallet ids',
  }),
)

const nullableString = Type.Optional(Type.Union([Type.String(), Type.Null()]))

const walletSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  homepage: nullableString,
  image_id: Type.String(),
  order: Type.Optional(Type.Integer()),
  rdns: nullableString,
  chains: Type.Array(Type.String()),
  mobile_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chrome_store: nullableString,
  injected: Type.Optional(
    Type.Union([
      Type.Array(
        Type.Object({
          namespace: Type.Optional(Type.String()),
          injected_id: Type.Optional(Type.String()),
        }),
      ),
      Type.Null(),
    ]),
  ),
  badge_type: Type.Optional(Type.String()),
})

function list(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items?.length ? [...new Set(items)] : undefined
}

/** `GET /getWallets` → `{ data, count }`: the wallet catalogue, filtered and paged. */
const walletsRoutesPlugin: FastifyPluginAsyncTypebox<ReadLimitOptions> = async (app, options) => {
  app.get(
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
        querystring: Type.Object({
          ...sdkQuery,
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
          entries: Type.Optional(
            Type.Integer({ minimum: 1, maximum: MAX_ENTRIES, default: DEFAULT_ENTRIES }),
          ),
          include: idList,
          exclude: idList,
          chains: Type.Optional(
            Type.String({
              maxLength: 4_000,
              pattern: '^[A-Za-z0-9:_,-]*$',
              description: 'Comma-separated CAIP-2 network ids',
            }),
          ),
          search: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
          badge_type: Type.Optional(Type.Enum(['none', 'certified'])),
        }),
        response: {
          200: Type.Object({ data: Type.Array(walletSchema), count: Type.Integer() }),
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

export const walletsRoutes = fp(walletsRoutesPlugin, {
  name: 'latch-provider-wallets',
  encapsulate: true,
})
