import { defaultStorageBackend, type StorageBackend } from './backend.js'
import { type RecentWallet, type StorageKey, type StorageValue, storageKeys } from './keys.js'

export const STORAGE_PREFIX = '@latch/'
/** Bump when a key's shape changes; values written by another version are dropped. */
export const STORAGE_VERSION = 1
export const RECENT_WALLETS_LIMIT = 2

interface Envelope {
  v: number
  value: unknown
}

export interface LatchStorage {
  readonly backend: StorageBackend
  get<key extends StorageKey>(key: key): StorageValue<key> | undefined
  set<key extends StorageKey>(key: key, value: StorageValue<key>): void
  remove(key: StorageKey): void
}

/**
 * Typed, versioned access to Latch's persisted keys. Reads never throw: a value that is not valid
 * JSON, not ours, of another version or of the wrong shape is removed and reads as absent, so the
 * next write replaces it and start-up goes on.
 */
export function createLatchStorage(
  backend: StorageBackend = defaultStorageBackend(),
): LatchStorage {
  const fullKey = (key: StorageKey) => `${STORAGE_PREFIX}${key}`
  const discard = (key: StorageKey) => {
    try {
      backend.removeItem(fullKey(key))
    } catch {}
  }
  return {
    backend,
    get(key) {
      let raw: string | null
      try {
        raw = backend.getItem(fullKey(key))
      } catch {
        return undefined
      }
      if (raw === null) return undefined
      let envelope: Envelope
      try {
        envelope = JSON.parse(raw) as Envelope
      } catch {
        discard(key)
        return undefined
      }
      const guard = storageKeys[key] as (value: unknown) => boolean
      if (
        typeof envelope !== 'object' ||
        envelope === null ||
        envelope.v !== STORAGE_VERSION ||
        !guard(envelope.value)
      ) {
        discard(key)
        return undefined
      }
      return envelope.value as never
    },
    set(key, value) {
      try {
        backend.setItem(fullKey(key), JSON.stringify({ v: STORAGE_VERSION, value }))
      } catch {
        // Quota and privacy errors: losing a preference must not break the app.
      }
    },
    remove: discard,
  }
}

/** The most recent wallet first, without duplicates, at most RECENT_WALLETS_LIMIT (docs/behaviour.md#limits). */
export function addRecentWallet(storage: LatchStorage, wallet: RecentWallet): RecentWallet[] {
  const current = storage.get('recentWallets') ?? []
  const next = [wallet, ...current.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_LIMIT)
  storage.set('recentWallets', next)
  return next
}
