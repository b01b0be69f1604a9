import { createStorage, deserialize, type Storage, serialize } from '@wagmi/core'
import type { StorageBackend } from '../../storage/backend.js'
import { STORAGE_PREFIX } from '../../storage/storage.js'

/** wagmi keeps its own state (connections, recent connector) under `@latch/wagmi.*`. */
export const WAGMI_STORAGE_KEY = `${STORAGE_PREFIX}wagmi`

function isWagmiStore(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { state, version } = value as { state?: unknown; version?: unknown }
  if (typeof version !== 'number' || typeof state !== 'object' || state === null) return false
  const { connections, chainId, current } = state as Record<string, unknown>
  return (
    connections instanceof Map &&
    (chainId === undefined || typeof chainId === 'number') &&
    (current === undefined || current === null || typeof current === 'string')
  )
}

/**
 * wagmi storage over the app's backend. A value that does not parse, or a persisted store of the
 * wrong shape, is removed and reads as absent rather than handed to wagmi's hydration.
 *
 * The persisted store is read back without its connections: wagmi hydrates it asynchronously,
 * and a hydration that lands after a reconnect would replace the live connections with the
 * stored stubs (connectors without providers). Reconnecting asks every connector anyway, and the
 * last-used connector is kept under its own key, so nothing is lost.
 */
export function createWagmiStorage(backend: StorageBackend): Storage {
  const guarded: StorageBackend = {
    getItem(key) {
      let raw: string | null
      try {
        raw = backend.getItem(key)
      } catch {
        return null
      }
      if (raw === null) return null
      try {
        const value = deserialize<unknown>(raw)
        if (key !== `${WAGMI_STORAGE_KEY}.store`) return raw
        if (!isWagmiStore(value)) throw new Error('foreign')
        const { state, version } = value as { state: { chainId?: number }; version: number }
        return serialize({ state: { chainId: state.chainId }, version })
      } catch {
        try {
          backend.removeItem(key)
        } catch {}
        return null
      }
    },
    setItem(key, value) {
      try {
        backend.setItem(key, value)
      } catch {}
    },
    removeItem(key) {
      try {
        backend.removeItem(key)
      } catch {}
    },
  }
  return createStorage({ storage: guarded, key: WAGMI_STORAGE_KEY })
}
