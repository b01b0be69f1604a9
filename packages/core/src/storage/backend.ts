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

/** The page's localStorage when there is one (and it is usable), else memory. */
export function defaultStorageBackend(): StorageBackend {
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
