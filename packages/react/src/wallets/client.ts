import type { ApiClient, GetWalletsQuery } from '@latch/core'

export { WALLETS_PAGE_SIZE } from '@latch/core'

/** docs/behaviour.md#limits: 100 wallets for a search, 4 recommended. */
export const WALLETS_SEARCH_SIZE = 100
export const RECOMMENDED_COUNT = 4
export const SDK_TYPE = 'latch'
export const SDK_VERSION = 'react-0.1.0'

/** docs/behaviour.md#wallet-catalogue-entry, as `GET /getWallets` sends it to the modal. */
export interface CatalogueWallet {
  id: string
  name: string
  image_id: string
  rdns?: string | null
  chains: string[]
  homepage?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

export interface WalletsPage {
  data: CatalogueWallet[]
  count: number
}

export type WalletsQuery = GetWalletsQuery

/** The catalogue as the views use it: the API client's `getWallets` and wallet images. */
export interface WalletsClient {
  getWallets(query?: WalletsQuery): Promise<WalletsPage>
  imageUrl(imageId: string): string
}

/**
 * The catalogue half of the app's one API client, typed for the views. A Latch server's
 * catalogue always sends `image_id` and `chains`, which the wire type leaves optional.
 */
export function walletsOf(api: Pick<ApiClient, 'getWallets' | 'walletImageUrl'>): WalletsClient {
  return {
    getWallets: (query) => api.getWallets(query) as Promise<WalletsPage>,
    imageUrl: api.walletImageUrl,
  }
}
