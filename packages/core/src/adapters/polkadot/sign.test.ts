import { u8aWrapBytes } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { messageHex, wrapBytes } from './sign.js'

describe('signRaw bytes', () => {
  it('passes the message as the hex of its UTF-8 bytes', () => {
    expect(messageHex('hi ✓')).toBe('0x686920e29c93')
  })

  it('wraps as polkadot-js does, once', () => {
    const bytes = new TextEncoder().encode('Sign in to Latch')
    expect(wrapBytes(bytes)).toEqual(u8aWrapBytes(bytes))
    expect(wrapBytes(wrapBytes(bytes))).toEqual(u8aWrapBytes(u8aWrapBytes(bytes)))
    expect(new TextDecoder().decode(wrapBytes(new Uint8Array()))).toBe('<Bytes></Bytes>')
  })
})
