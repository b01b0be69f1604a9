import { describe, expect, test } from 'vitest'
import { isOriginAllowed, isValidAllowListEntry } from './originMatch.js'

describe('isOriginAllowed', () => {
  test('exact origins, ignoring case and default ports', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://APP.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com:443', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('http://app.example.com', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('http://localhost:5173', ['http://localhost:5174'])).toBe(false)
  })

  test('wildcard hosts match subdomains at any depth, not the bare domain', () => {
    const list = ['https://*.example.com']
    expect(isOriginAllowed('https://a.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://example.com', list)).toBe(false)
    expect(isOriginAllowed('https://evilexample.com', list)).toBe(false)
    expect(isOriginAllowed('https://example.com.evil.io', list)).toBe(false)
    expect(isOriginAllowed('http://a.example.com', list)).toBe(false)
    expect(isOriginAllowed('http://a.localhost:3000', ['http://*.localhost:3000'])).toBe(true)
  })

  test('* allows any origin; an empty list none; garbage never matches', () => {
    expect(isOriginAllowed('https://x.io', ['*'])).toBe(true)
    expect(isOriginAllowed('https://x.io', [])).toBe(false)
    expect(isOriginAllowed('null', ['*'])).toBe(false)
    expect(isOriginAllowed('not an origin', ['*'])).toBe(false)
  })
})

describe('isValidAllowListEntry', () => {
  test.each([
    ['https://app.example.com', true],
    ['http://localhost:5173', true],
    ['https://*.example.com', true],
    ['*', true],
    ['https://app.example.com/', false],
    ['https://app.example.com/path', false],
    ['app.example.com', false],
    ['ftp://example.com', false],
    ['', false],
  ])('%s → %s', (entry, valid) => {
    expect(isValidAllowListEntry(entry)).toBe(valid)
  })
})
