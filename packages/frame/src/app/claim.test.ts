import { describe, expect, it } from 'vitest'
import { cleanDappName, describeClaim, MAX_SHOWN_NAME } from './claim.js'

const ORIGIN = 'https://app.uniswap.org'

describe('cleanDappName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(cleanDappName('Latch demo')).toBe('Latch demo')
  })

  it('drops bidi overrides, zero-width and control characters, and folds whitespace', () => {
    // U+202E would show "moc.knab" reversed as "bank.com"; U+200B hides inside a word.
    expect(cleanDappName('Safe\u202Emoc.knab\u202C')).toBe('Safemoc.knab')
    expect(cleanDappName('Pay\u200Bpal\u2066 \n\n App\u0007')).toBe('Paypal App')
    expect(cleanDappName('\u200B \u202E\n')).toBeUndefined()
    expect(cleanDappName(undefined)).toBeUndefined()
  })

  it(`cuts an overlong name to ${MAX_SHOWN_NAME} characters with an ellipsis`, () => {
    const shown = cleanDappName(`${'A'.repeat(180)} https://bank.example`)!
    expect([...shown]).toHaveLength(MAX_SHOWN_NAME)
    expect(shown.endsWith('…')).toBe(true)
    expect(shown).not.toContain('bank')
  })
})

describe('describeClaim', () => {
  it('shows a plain name as the page’s claim', () => {
    expect(describeClaim('Uniswap Interface', ORIGIN)).toEqual({
      kind: 'name',
      name: 'Uniswap Interface',
    })
    expect(describeClaim('Wallet v1.2', ORIGIN)).toMatchObject({ kind: 'name' })
  })

  it('shows a web-address name only when it is the verified host or a parent of it', () => {
    expect(describeClaim('Uniswap.org', ORIGIN)).toMatchObject({ kind: 'name' })
    expect(describeClaim('app.uniswap.org', ORIGIN)).toMatchObject({ kind: 'name' })
  })

  it('attack: a name imitating another origin is not shown', () => {
    for (const name of [
      'coinbase.com',
      'https://app.uniswap.org',
      'app.uniswap.org.evil.example',
      'Uniswap (app.uniswap.org) on evil.example',
      // Full-width dots fold to '.' before the check.
      'coinbase．com',
      'javascript:alert(1)',
      'Verified: bank.example',
    ])
      expect(describeClaim(name, 'https://evil.example'), name).toEqual({ kind: 'address-like' })
    // A name spelling the verified host itself is harmless.
    expect(describeClaim('evil.example', 'https://evil.example')).toMatchObject({ kind: 'name' })
    // A lookalike of the verified host's parent is not its parent.
    expect(describeClaim('niswap.org', ORIGIN)).toEqual({ kind: 'address-like' })
  })
})
