import { describe, expect, it } from 'vitest'
import { CursorCodec, InvalidCursorError } from '../shared/cursor.js'
import { decodePosition, encodePosition, MAX_PENDING_IN_CURSOR } from './history.js'

const codec = new CursorCodec('unit-test-cursor-secret-0123')
const scope = {
  address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
  chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
}
const txid = (n: number) => n.toString(16).padStart(64, '0')

describe('bip122 history cursors', () => {
  it('round-trips each phase', () => {
    const positions = [
      { phase: 'p' as const, pending: [txid(1), txid(2)], anchor: txid(3) },
      { phase: 'p' as const, pending: [txid(1)], anchor: null },
      { phase: 'a' as const, anchor: txid(4) },
      { phase: 'c' as const, last: txid(5) },
    ]
    for (const position of positions)
      expect(decodePosition(codec, scope, encodePosition(codec, scope, position))).toEqual(position)
  })

  it('keeps the largest pending cursor under the codec limit', () => {
    const pending = Array.from({ length: MAX_PENDING_IN_CURSOR }, (_, i) => txid(i + 1))
    const cursor = encodePosition(codec, scope, { phase: 'p', pending, anchor: txid(999) })
    expect(cursor.length).toBeLessThan(4000)
    expect(decodePosition(codec, scope, cursor)).toMatchObject({ pending })
  })

  it('refuses another scope, an edit, another codec and a position cursor of another namespace', () => {
    const cursor = encodePosition(codec, scope, { phase: 'c', last: txid(5) })
    const refused = (run: () => unknown) => expect(run).toThrow(InvalidCursorError)
    refused(() => decodePosition(codec, { ...scope, address: 'bcrt1qother' }, cursor))
    refused(() =>
      decodePosition(
        codec,
        { ...scope, chainId: 'bip122:000000000019d6689c085ae165831e93' },
        cursor,
      ),
    )
    refused(() => decodePosition(new CursorCodec('another-secret-0123456789'), scope, cursor))
    refused(() => decodePosition(codec, scope, `${cursor.slice(0, -2)}AA`))
    refused(() =>
      decodePosition(
        codec,
        scope,
        codec.encode(scope, { minedAt: 1, block: 2, txIndex: 3, chainId: 4 }),
      ),
    )
    refused(() => decodePosition(codec, scope, codec.seal(scope, 'b1:c:not-a-txid')))
  })
})
