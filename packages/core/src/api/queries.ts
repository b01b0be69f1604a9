import type { GetWalletsParams } from './types.js'

// The paged routes' queries, apart from client.ts: pages.ts, which client.ts loads on first use,
// reads them too.

/** docs/behaviour.md#limits: 40 wallets per catalogue page. */
export const WALLETS_PAGE_SIZE = 40

/** `GET /getWallets` query; the page defaults to 1 and its size to {@link WALLETS_PAGE_SIZE}. */
export type GetWalletsQuery = Omit<GetWalletsParams, 'page' | 'entries'> &
  Partial<Pick<GetWalletsParams, 'page' | 'entries'>>

export interface GetHistoryQuery {
  /** The account's address. */
  account: string
  /** CAIP-2 id; every chain the server indexes when absent. */
  chainId?: string | undefined
  cursor?: string | undefined
  /** Page size; the server's default when absent. */
  limit?: number | undefined
}

/** `GET /v1/account/:address/balance` query. */
export interface GetBalancesQuery {
  address: string
  /** CAIP-2 id of one indexed chain. */
  chainId: string
  /** Asks past any cache between here and the chain. */
  force?: boolean | undefined
}
