import { blake2b as reference } from '@noble/hashes/blake2.js'
import { describe, expect, it } from 'vitest'
import { blake2b } from './blake2b.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('blake2b', () => {
  it("gives RFC 7693's test vector for 'abc'", () => {
    expect(hex(blake2b(new TextEncoder().encode('abc')))).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1' +
        '7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    )
  })

  it('agrees with @noble/hashes on lengths around the block size, and on shorter outputs', () => {
    for (const length of [0, 1, 39, 64, 127, 128, 129, 255, 256, 300]) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff)
      expect(hex(blake2b(input)), `length ${length}`).toBe(hex(reference(input, { dkLen: 64 })))
      expect(hex(blake2b(input, 32))).toBe(hex(reference(input, { dkLen: 32 })))
    }
  })

  it('refuses an output length outside 1–64', () => {
    expect(() => blake2b(new Uint8Array(), 0)).toThrow(RangeError)
    expect(() => blake2b(new Uint8Array(), 65)).toThrow(RangeError)
  })
})
