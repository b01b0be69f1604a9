/** Wire types of the Latch server's provider services (the reference cloud's shapes, seed §7). */

/** `GET /getWallets` entry. */
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

export type RemoteFeatureId =
  | 'social_login'
  | 'swap'
  | 'onramp'
  | 'activity'
  | 'reown_branding'
  | 'multi_wallet'

/** `GET /appkit/v1/config` entry; a null `config` means "keep the app's local value". */
export interface RemoteFeatureEntry {
  id: RemoteFeatureId | (string & {})
  isEnabled: boolean | null
  config: string[] | null
}

/** `POST /e` body: an analytics event or an error report. */
export interface EventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number | string
  props: TrackProps | ErrorProps
}

export interface TrackProps {
  type: 'track'
  event: string
  address?: string
  properties?: Record<string, unknown>
}

export interface ErrorProps {
  type: 'error'
  event: string
  errorType: string
  errorMessage: string
  stackTrace?: string
}
