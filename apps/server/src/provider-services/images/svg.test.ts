import { describe, expect, test } from 'vitest'
import { drawIcon, initialsOf } from './svg.js'

describe('initialsOf', () => {
  test.each([
    ['MetaMask', 'MM'],
    ['Trust Wallet', 'TW'],
    ['Rainbow', 'RA'],
    ['1inch Wallet', '1W'],
    ['polkadot{.js}', 'PJ'],
    ['Safe{Wallet}', 'SW'],
    ['!!!', '?'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('drawIcon', () => {
  test('same seed, same image; another seed, another colour', () => {
    const a = drawIcon({ text: 'MM', seed: 'metamask', shape: 'square' })
    expect(drawIcon({ text: 'MM', seed: 'metamask', shape: 'square' })).toBe(a)
    const b = drawIcon({ text: 'MM', seed: 'other', shape: 'square' })
    expect(b).not.toBe(a)
    expect(a).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  })

  test('text is escaped: an id cannot inject markup', () => {
    const svg = drawIcon({ text: '<script>&"', seed: 'x', shape: 'circle' })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;&amp;&quot;')
  })
})
