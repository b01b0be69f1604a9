/** `GET /getWallets` entry, in the reference's field names. */
export interface WcWallet {
  id: string
  name: string
  homepage?: string | null
  image_id?: string
  order?: number
  rdns?: string | null
  chains?: string[]
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  chrome_store?: string | null
  injected?: { namespace: string; injected_id: string }[] | null
  badge_type?: string
}

/** A catalogue entry as the Latch server sends it: every field present, absent ones null. */
export type CatalogueWallet = Required<WcWallet>

export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids. */
  chains?: readonly string[] | undefined
  search?: string | undefined
  badge?: 'none' | 'certified' | undefined
}

export interface GetWalletsResponse {
  data: WcWallet[]
  count: number
}
