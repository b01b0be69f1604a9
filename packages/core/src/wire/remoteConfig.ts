export type RemoteFeatureId =
  | 'social_login'
  | 'swap'
  | 'onramp'
  | 'activity'
  | 'reown_branding'
  | 'multi_wallet'

/** Every feature id, in the order the Latch server lists them. */
export const remoteFeatureIds: readonly RemoteFeatureId[] = [
  'social_login',
  'swap',
  'onramp',
  'activity',
  'reown_branding',
  'multi_wallet',
]

/**
 * `GET /appkit/v1/config` entry. In the reference a null `config` or `isEnabled` means "keep the
 * app's local value"; a Latch server is authoritative for every flag and never sends null.
 */
export interface RemoteFeatureEntry {
  id: RemoteFeatureId | (string & {})
  isEnabled: boolean | null
  config: string[] | null
}

export interface RemoteConfigResponse {
  features: RemoteFeatureEntry[]
}

/** `GET /getAnalyticsConfig`. */
export interface AnalyticsConfigResponse {
  isAnalyticsEnabled: boolean
}

/** `GET /projects/v1/origins`. */
export interface AllowedOriginsResponse {
  allowedOrigins: string[]
}
