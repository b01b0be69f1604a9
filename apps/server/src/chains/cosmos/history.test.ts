import { describe, expect, it } from 'vitest'
import { CursorCodec, InvalidCursorError } from '../shared/cursor.js'
import { decodePosition, encodePosition } from './history.js'
import { DEV_CAIP2, displayAmount } from './networks.js'

const codec = new CursorCodec('unit-test-cursor-secret')
const scope = { address: 'cosmos1abc', chainId: DEV_CAIP2 }

describe('cosmos history cursors', () => {
  it('round-trips a position, and refuses one altered, forged or of another query', () => {
    const cursor = encodePosition(codec, scope, { height: 1234, index: 7 })
    expect(decodePosition(codec, scope, cursor)).toEqual({ height: 1234, index: 7 })
    const refused = [
      cursor.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      codec.seal(scope, 'k1:12'),
      codec.seal(scope, 'k1:0:0'),
      codec.seal(scope, 'k1:01:2'),
      codec.seal(scope, 'k2:1:2'),
      new CursorCodec('another-secret-of-16').seal(scope, 'k1:1:2'),
    ]
    for (const bad of refused)
      expect(() => decodePosition(codec, scope, bad), bad).toThrow(InvalidCursorError)
    expect(() => decodePosition(codec, { ...scope, address: 'cosmos1other' }, cursor)).toThrow(
      InvalidCursorError,
    )
    expect(() =>
      decodePosition(codec, { ...scope, chainId: 'cosmos:cosmoshub-4' }, cursor),
    ).toThrow(InvalidCursorError)
  })

  it('shows base units in display units', () => {
    expect(displayAmount('1500000', 6)).toBe('1.5')
    expect(displayAmount('1', 6)).toBe('0.000001')
    expect(displayAmount('25000000', 6)).toBe('25')
    expect(displayAmount('123456789012345678901234567890', 18)).toBe(
      '123456789012.34567890123456789',
    )
    expect(displayAmount('42', 0)).toBe('42')
    expect(() => displayAmount('-1', 6)).toThrow()
  })
})
