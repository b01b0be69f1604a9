// Guards for what each persisted key may hold. Anything else found under a key (an older
// format, another library's value, hand-edited junk) is treated as absent.

type Guard<value> = (value: unknown) => value is value

const isString = (v: unknown): v is string => typeof v === 'string'
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const arrayOf =
  <item>(guard: Guard<item>): Guard<item[]> =>
  (v: unknown): v is item[] =>
    Array.isArray(v) && v.every(guard)
const recordOf =
  <item>(guard: Guard<item>): Guard<Record<string, item>> =>
  (v: unknown): v is Record<string, item> =>
    isRecord(v) && Object.values(v).every(guard)

export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string | undefined
  rdns?: string | undefined
  /** A catalogue wallet reached through this connector (WalletConnect): how to reach it again. */
  connectorId?: string | undefined
  mobileLink?: string | undefined
  desktopLink?: string | undefined
}

const optionalString = (v: unknown) => v === undefined || isString(v)
const isRecentWallet = (v: unknown): v is RecentWallet =>
  isRecord(v) &&
  isString(v.id) &&
  isString(v.name) &&
  optionalString(v.imageUrl) &&
  optionalString(v.rdns) &&
  optionalString(v.connectorId) &&
  optionalString(v.mobileLink) &&
  optionalString(v.desktopLink)

export interface CachedValue<value> {
  value: value
  /** Unix ms after which the value is stale. */
  expiresAt: number
}

const cachedValue = (v: unknown): v is CachedValue<unknown> =>
  isRecord(v) && 'value' in v && isNumber(v.expiresAt)

export interface PersistedConnection {
  connectorId: string
  namespace: string
  addresses: string[]
}

const isPersistedConnection = (v: unknown): v is PersistedConnection =>
  isRecord(v) && isString(v.connectorId) && isString(v.namespace) && arrayOf(isString)(v.addresses)

/** The persisted keys of docs/behaviour.md#persisted-keys, each stored as `@latch/<name>`. */
export const storageKeys = {
  emailLoginUsed: isBoolean,
  /** The legal checkbox was ticked on this device (docs/behaviour.md#flags). */
  legalCheckboxAccepted: isBoolean,
  email: isString,
  lastEmailLoginTime: isNumber,
  socialUsername: isString,
  lastUsedChainId: isString,
  /** docs/behaviour.md#persisted-keys keeps these comma-joined; so do we. */
  smartAccountEnabledNetworks: isString,
  connectedWalletId: isString,
  connectedWalletName: isString,
  activeCaipNetworkId: isString,
  connectedSocial: isString,
  recentWallets: arrayOf(isRecentWallet),
  connectedNamespaces: arrayOf(isString),
  connectionStatus: (v: unknown): v is 'connected' | 'disconnected' =>
    v === 'connected' || v === 'disconnected',
  connectedConnectorIds: recordOf(isString),
  authToken: isString,
  nonceToken: isString,
  balanceCache: recordOf(cachedValue),
  portfolioCache: recordOf(cachedValue),
  nameCache: recordOf(cachedValue),
  identityCache: recordOf(cachedValue),
  preferredAccountTypes: recordOf(isString),
  connections: arrayOf(isPersistedConnection),
  /** Latch's own: wallet sign-in (SIWX) tokens by `chainId:address` (CAIP-10, lower-cased). */
  siwxTokens: recordOf(isString),
} satisfies Record<string, Guard<unknown>>

export type StorageKey = keyof typeof storageKeys
export type StorageValue<key extends StorageKey> =
  (typeof storageKeys)[key] extends Guard<infer value> ? value : never
