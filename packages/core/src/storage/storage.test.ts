import { describe, expect, it } from 'vitest'
import { createMemoryStorage, type StorageBackend } from './backend.js'
import { addRecentWallet, createLatchStorage, STORAGE_PREFIX } from './storage.js'

describe('latch storage', () => {
  it('stores values under @latch/, versioned', () => {
    const backend = createMemoryStorage()
    const storage = createLatchStorage(backend)
    storage.set('activeCaipNetworkId', 'eip155:1')
    expect(STORAGE_PREFIX).toBe('@latch/')
    expect(JSON.parse(backend.getItem('@latch/activeCaipNetworkId')!)).toEqual({
      v: 1,
      value: 'eip155:1',
    })
    expect(storage.get('activeCaipNetworkId')).toBe('eip155:1')
  })

  it.each([
    ['not JSON', '{oops'],
    ['a bare value from another library', '"eip155:1"'],
    ['another version', '{"v":99,"value":"eip155:1"}'],
    ['the wrong shape', '{"v":1,"value":42}'],
    ['null', 'null'],
  ])('ignores and removes %s', (_, raw) => {
    const backend = createMemoryStorage()
    backend.setItem('@latch/activeCaipNetworkId', raw)
    const storage = createLatchStorage(backend)
    expect(storage.get('activeCaipNetworkId')).toBeUndefined()
    expect(backend.getItem('@latch/activeCaipNetworkId')).toBeNull()
    storage.set('activeCaipNetworkId', 'eip155:10')
    expect(storage.get('activeCaipNetworkId')).toBe('eip155:10')
  })

  it('validates structured values element by element', () => {
    const backend = createMemoryStorage()
    backend.setItem('@latch/recentWallets', '{"v":1,"value":[{"id":"a","name":"A"},{"id":3}]}')
    expect(createLatchStorage(backend).get('recentWallets')).toBeUndefined()
  })

  it('never throws when the backend does', () => {
    const broken: StorageBackend = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const storage = createLatchStorage(broken)
    expect(storage.get('email')).toBeUndefined()
    expect(() => storage.set('email', 'a@b.c')).not.toThrow()
    expect(() => storage.remove('email')).not.toThrow()
  })

  it('keeps the 2 most recent wallets, newest first, without duplicates', () => {
    const storage = createLatchStorage(createMemoryStorage())
    addRecentWallet(storage, { id: 'a', name: 'A' })
    addRecentWallet(storage, { id: 'b', name: 'B' })
    addRecentWallet(storage, { id: 'a', name: 'A' })
    expect(addRecentWallet(storage, { id: 'c', name: 'C' })).toEqual([
      { id: 'c', name: 'C' },
      { id: 'a', name: 'A' },
    ])
    expect(storage.get('recentWallets')?.map((w) => w.id)).toEqual(['c', 'a'])
  })
})
