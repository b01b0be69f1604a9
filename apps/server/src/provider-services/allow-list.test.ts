import { describe, expect, it } from 'vitest'
import { allowListEntryProblem, isAuthOriginAllowed, isTooBroad } from './allow-list.js'

describe('allow-list entries too broad for the auth routes', () => {
  it('refuses * and wildcards over ICANN and private public suffixes', () => {
    for (const entry of [
      '*',
      'https://*.com',
      'https://*.co.uk',
      'https://*.uk',
      'https://*.github.io',
      'https://*.vercel.app',
      'https://*.COM',
      'https://*.com.',
      'https://*.com:8443',
    ])
      expect(isTooBroad(entry), entry).toBe(true)
  })

  it('keeps exact origins and wildcards under a registrable domain', () => {
    for (const entry of [
      'https://app.example.com',
      'https://*.example.com',
      'https://*.preview.example.co.uk',
      'https://*.alice.github.io',
      'http://*.localhost:3000',
    ])
      expect(isTooBroad(entry), entry).toBe(false)
  })

  it('an attacker page never passes through a broad entry, and exact ones still work', () => {
    const old = ['*', 'https://*.github.io', 'https://*.com', 'https://app.example.org']
    expect(isAuthOriginAllowed('https://evil.example', old)).toBe(false)
    expect(isAuthOriginAllowed('https://attacker.github.io', old)).toBe(false)
    expect(isAuthOriginAllowed('https://evil.com', old)).toBe(false)
    expect(isAuthOriginAllowed('https://app.example.org', old)).toBe(true)
    expect(isAuthOriginAllowed('https://a.example.com', ['https://*.example.com'])).toBe(true)
  })

  it('names the entry in its refusal', () => {
    expect(allowListEntryProblem('https://*.co.uk')).toMatchObject({
      code: 'ORIGIN_TOO_BROAD',
      message: expect.stringContaining('"https://*.co.uk"'),
    })
    expect(allowListEntryProblem('*')?.code).toBe('ORIGIN_TOO_BROAD')
    expect(allowListEntryProblem('shop.example')?.code).toBe('VALIDATION_ERROR')
    expect(allowListEntryProblem('https://*.example.com')).toBeUndefined()
  })
})
