import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashCode, loadCustodyKeys, open, seal } from './secrets.js'

describe('custody secrets', () => {
  it('keeps two different dev keys in 0600 files and reuses them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'latch-keys-'))
    const first = loadCustodyKeys({ authShareKey: undefined, recoveryKey: undefined }, dir)
    expect(first.authShareKey.equals(first.recoveryKey)).toBe(false)
    const again = loadCustodyKeys({ authShareKey: undefined, recoveryKey: undefined }, dir)
    expect(again.authShareKey.equals(first.authShareKey)).toBe(true)
    const file = path.join(dir, 'keys', 'recovery.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64').equals(first.recoveryKey)).toBe(true)
  })

  it('refuses the same key for both roles', () => {
    const same = Buffer.alloc(32, 7).toString('base64')
    expect(() => loadCustodyKeys({ authShareKey: same, recoveryKey: same }, 'memory://')).toThrow(
      'must differ',
    )
  })

  it('opens a sealed share only with its key and its owner', () => {
    const { authShareKey, recoveryKey } = loadCustodyKeys(
      { authShareKey: undefined, recoveryKey: undefined },
      'memory://',
    )
    const sealed = seal(authShareKey, 'share', 'auth-share:alice')
    expect(sealed).not.toContain('share')
    expect(open(authShareKey, sealed, 'auth-share:alice')).toBe('share')
    expect(() => open(recoveryKey, sealed, 'auth-share:alice')).toThrow()
    expect(() => open(authShareKey, sealed, 'auth-share:mallory')).toThrow()
  })

  it('hashes codes with a key, per purpose and email', () => {
    const key = Buffer.alloc(32, 1)
    const h = hashCode(key, 'login', 'a@b.co', '123456')
    expect(h).not.toBe(hashCode(Buffer.alloc(32, 2), 'login', 'a@b.co', '123456'))
    expect(h).not.toBe(hashCode(key, 'update_primary', 'a@b.co', '123456'))
    expect(h).not.toBe(hashCode(key, 'login', 'b@b.co', '123456'))
  })
})
