// What the Latch server and its clients both speak: types, helpers, and the TypeBox schemas the
// server validates with (history.ts; a client that imports only types loads none of them).
export type {
  CatalogueWallet,
  GetWalletsParams,
  GetWalletsResponse,
  WcWallet,
} from './catalogue.js'
export type { ErrorBody } from './errors.js'
export type { ErrorProps, EventBody, TrackProps } from './events.js'
export {
  FungibleInfo,
  HistoryPage,
  NftInfo,
  type OperationType,
  SupportedChains,
  Transaction,
  TransactionMetadata,
  TransactionStatus,
  TransactionTransfer,
  TransferDirection,
} from './history.js'
export { type ImageKind, imagePath, imagePaths, imageUrl } from './images.js'
export {
  type AccountNameRecord,
  chainOfCoinType,
  coinTypeOfChain,
  DEFAULT_NAME_SUFFIX,
  fullName,
  type IdentityResponse,
  labelOf,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  type NameProblem,
  type NameRegistrationMessage,
  type NameSuggestionsResponse,
  nameProblem,
  nameProblemMessages,
  RESERVED_NAMES,
} from './names.js'
export { isOriginAllowed, isValidAllowListEntry } from './originMatch.js'
export {
  type AllowedOriginsResponse,
  type AnalyticsConfigResponse,
  type RemoteConfigResponse,
  type RemoteFeatureEntry,
  type RemoteFeatureId,
  remoteFeatureIds,
} from './remoteConfig.js'
