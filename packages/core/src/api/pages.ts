import type { TokenBalance } from '../stores/account.js'
import type { HistoryPage } from '../transactions/types.js'
import { badResponse } from './badResponse.js'
import {
  type GetBalancesQuery,
  type GetHistoryQuery,
  type GetWalletsQuery,
  WALLETS_PAGE_SIZE,
} from './queries.js'
import type { GetWalletsResponse } from './types.js'

/** The API client's request, as the paged routes use it. */
export type PageRequest = <result>(
  path: string,
  request: { query?: Record<string, string | undefined>; sdk?: boolean },
) => Promise<result>

/*
 * The catalogue and the history are only read by the modal's views and the activity list, which
 * load after the first paint; the client imports this module on their first call so that the
 * page's entry chunk does not carry them.
 */

export async function getWallets(
  request: PageRequest,
  query: GetWalletsQuery = {},
): Promise<GetWalletsResponse> {
  const path = '/getWallets'
  const body = await request<Partial<GetWalletsResponse>>(path, {
    query: {
      page: String(query.page ?? 1),
      entries: String(query.entries ?? WALLETS_PAGE_SIZE),
      include: query.include?.join(','),
      exclude: query.exclude?.join(','),
      chains: query.chains?.join(','),
      search: query.search?.trim(),
      badge_type: query.badge,
    },
  })
  if (!Array.isArray(body.data)) throw badResponse(path, 'data is not a list')
  return {
    data: body.data,
    count: typeof body.count === 'number' ? body.count : body.data.length,
  }
}

export async function getHistory(
  request: PageRequest,
  query: GetHistoryQuery,
): Promise<HistoryPage> {
  const path = `/v1/account/${encodeURIComponent(query.account)}/history`
  const body = await request<Partial<HistoryPage>>(path, {
    sdk: false,
    query: {
      chainId: query.chainId,
      cursor: query.cursor,
      limit: query.limit ? String(query.limit) : undefined,
    },
  })
  if (!Array.isArray(body.data)) throw badResponse(path, 'data is not a list')
  return {
    data: body.data,
    next: typeof body.next === 'string' && body.next ? body.next : null,
  }
}

const isTokenBalance = (value: unknown): value is TokenBalance => {
  const b = value as Partial<TokenBalance> | null
  return (
    typeof b?.symbol === 'string' &&
    typeof b.chainId === 'string' &&
    typeof b.quantity?.numeric === 'string' &&
    typeof b.quantity.decimals === 'string'
  )
}

export async function getBalances(
  request: PageRequest,
  query: GetBalancesQuery,
): Promise<TokenBalance[]> {
  const path = `/v1/account/${encodeURIComponent(query.address)}/balance`
  const body = await request<{ balances?: unknown }>(path, {
    query: { chainId: query.chainId, forceUpdate: query.force ? String(Date.now()) : undefined },
  })
  if (!Array.isArray(body.balances)) throw badResponse(path, 'balances is not a list')
  if (!body.balances.every(isTokenBalance)) throw badResponse(path, 'a balance lacks its quantity')
  return body.balances
}
