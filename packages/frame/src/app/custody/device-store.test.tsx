import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { deleteDeviceShare, loadDeviceShare, saveDeviceShare } from './device-store.js'

describe('device share store', () => {
  it('round-trips a share per user, encrypted under a non-extractable key', async () => {
    await saveDeviceShare('alice', 'c2hhcmUtYQ==')
    await saveDeviceShare('bob', 'c2hhcmUtYg==')
    expect(await loadDeviceShare('alice')).toBe('c2hhcmUtYQ==')
    expect(await loadDeviceShare('bob')).toBe('c2hhcmUtYg==')

    const raw = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const open = indexedDB.open('latch-frame', 1)
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const store = open.result.transaction('device-shares').objectStore('device-shares')
        const out: Record<string, unknown> = {}
        const cursor = store.openCursor()
        cursor.onsuccess = () => {
          const c = cursor.result
          if (!c) {
            open.result.close()
            return resolve(out)
          }
          out[String(c.key)] = c.value
          c.continue()
        }
      }
    })
    const key = raw['wrapping-key'] as CryptoKey
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    const sealed = raw['share:alice'] as { ciphertext: ArrayBuffer }
    expect(new TextDecoder().decode(sealed.ciphertext)).not.toContain('c2hhcmUtYQ==')
  })

  it('forgets a deleted share', async () => {
    await saveDeviceShare('carol', 'c2hhcmUtYw==')
    await deleteDeviceShare('carol')
    expect(await loadDeviceShare('carol')).toBeUndefined()
  })
})
