import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { sha256 } from './sha256.js'

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

describe('sha256', () => {
  it('matches the FIPS vectors', () => {
    expect(hexOf(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(hexOf(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  it('matches @noble/hashes at every length across block boundaries', () => {
    for (let length = 0; length < 200; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff)
      expect(hexOf(sha256(data))).toBe(hexOf(nobleSha256(data)))
    }
  })
})
