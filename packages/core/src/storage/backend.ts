/** The subset of the Web Storage API Latch needs; `localStorage` fits, so does a Map. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function createMemoryStorage(): StorageBackend & { readonly size: number } {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    get size() {
      return items.size
    },
  }
}

/**
 * The page's localStorage when there is one (and it is usable), else memory; decided on first
 * use. A page's first localStorage access loads the origin's whole storage area from the browser
 * process, a cost that creating a client before the first paint should not pay.
 */
export function defaultStorageBackend(): StorageBackend {
  let backend: StorageBackend | undefined
  const resolve = () => (backend ??= pickStorageBackend())
  return {
    getItem: (key) => resolve().getItem(key),
    setItem: (key, value) => resolve().setItem(key, value),
    removeItem: (key) => resolve().removeItem(key),
  }
}

function pickStorageBackend(): StorageBackend {
  try {
    const storage = (globalThis as { localStorage?: StorageBackend }).localStorage
    if (storage) {
      const probe = '@latch/probe'
      storage.setItem(probe, '1')
      storage.removeItem(probe)
      return storage
    }
  } catch {
    // Private mode and sandboxed frames throw on access.
  }
  return createMemoryStorage()
}
