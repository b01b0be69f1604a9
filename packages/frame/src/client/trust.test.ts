import { describe, expect, it } from 'vitest'
import { isFromPeer, toOrigin, UntrustedOriginError } from './trust.js'

const frameWindow = { postMessage() {} } as unknown as MessageEventSource
const otherWindow = { postMessage() {} } as unknown as MessageEventSource

describe('isFromPeer', () => {
  const peer = { origin: 'http://127.0.0.1:5174', source: frameWindow }

  it('accepts a message from the peer window at the peer origin', () => {
    expect(isFromPeer({ origin: 'http://127.0.0.1:5174', source: frameWindow }, peer)).toBe(true)
  })

  it('rejects the right window at another origin, and another window at the right origin', () => {
    expect(isFromPeer({ origin: 'http://127.0.0.1:5175', source: frameWindow }, peer)).toBe(false)
    expect(isFromPeer({ origin: 'http://127.0.0.1:5174', source: otherWindow }, peer)).toBe(false)
  })

  it('never trusts a peer whose window is gone', () => {
    expect(isFromPeer({ origin: peer.origin, source: null }, { ...peer, source: null })).toBe(false)
  })
})

describe('toOrigin', () => {
  it('reduces a URL to its origin', () => {
    expect(toOrigin('http://127.0.0.1:5174/index.html?projectId=x')).toBe('http://127.0.0.1:5174')
  })

  it('refuses strings without an origin', () => {
    expect(() => toOrigin('not a url')).toThrow(UntrustedOriginError)
    expect(() => toOrigin('data:text/html,hi')).toThrow('has no origin')
  })
})
