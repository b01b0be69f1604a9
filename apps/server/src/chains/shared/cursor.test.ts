import { describe, expect, it } from 'vitest'
import { CursorCodec, InvalidCursorError } from './cursor.js'

const codec = new CursorCodec('a-test-secret-of-enough-length')
const scope = { address: '0xa000000000000000000000000000000000000000', chainId: 31337 }
const position = { minedAt: 1_700_000_000, block: 123, txIndex: 4, chainId: 31337 }

describe('CursorCodec', () => {
  it('round-trips a position', () => {
    expect(codec.decode(scope, codec.encode(scope, position))).toEqual(position)
  })

  it('ignores address case in the scope', () => {
    const upper = { ...scope, address: scope.address.toUpperCase().replace('0X', '0x') }
    expect(codec.decode(upper, codec.encode(scope, position))).toEqual(position)
  })

  it('refuses garbage, edits, other scopes and other secrets', () => {
    const cursor = codec.encode(scope, position)
    const [body, mac] = cursor.split('.') as [string, string]
    const forgedBody = Buffer.from('c1:1:1:1:31337').toString('base64url')
    const bad = [
      '',
      'garbage',
      'a.b.c',
      `${forgedBody}.${mac}`,
      `${body}.${mac.slice(0, -2)}AA`,
      `${body}x.${mac}`,
      '%%%.%%%',
    ]
    for (const value of bad) expect(() => codec.decode(scope, value)).toThrow(InvalidCursorError)
    expect(() => codec.decode({ ...scope, chainId: null }, cursor)).toThrow(InvalidCursorError)
    expect(() => codec.decode({ ...scope, address: `0x${'b'.repeat(40)}` }, cursor)).toThrow(
      InvalidCursorError,
    )
    expect(() => new CursorCodec('another-secret-entirely').decode(scope, cursor)).toThrow(
      InvalidCursorError,
    )
  })
})
