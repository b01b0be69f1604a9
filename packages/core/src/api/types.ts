// The provider services' wire types have one home, shared with the server: `@latch/core/wire`.
export type {
  GetWalletsParams,
  GetWalletsResponse,
  WcWallet,
} from '../wire/catalogue.js'
export type { ErrorProps, EventBody, TrackProps } from '../wire/events.js'
export type { RemoteFeatureEntry, RemoteFeatureId } from '../wire/remoteConfig.js'
