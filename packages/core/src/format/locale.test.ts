import { afterEach, describe, expect, it } from 'vitest'
import { formatLocale, localDecimal, setFormatLocale } from './locale.js'
import { formatQuantity } from './quantity.js'
import { exactDateTime, monthGroupTitle, relativeTimeFrom } from './time.js'

afterEach(() => setFormatLocale('en-US'))

describe('the format locale', () => {
  it('is en-US until a locale is set', () => {
    expect(formatLocale()).toBe('en-US')
    expect(formatQuantity('1500.25')).toBe('1,500.25')
    expect(localDecimal('12.5')).toBe('12.5')
  })

  it('writes amounts, dates and relative times in the set locale', () => {
    setFormatLocale('de')
    expect(formatQuantity('1500.2567')).toBe('1.500,257')
    expect(formatQuantity('0.0000001')).toBe('<0,001')
    expect(formatQuantity('0.25', 6)).toBe('0,25')
    // An amount as entered keeps every digit, with the German decimal mark.
    expect(localDecimal('0.123456789012345678')).toBe('0,123456789012345678')
    const now = new Date('2026-06-15T12:00:00Z')
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()
    expect(relativeTimeFrom(ago(10), now)).toBe('jetzt')
    expect(relativeTimeFrom(ago(120), now)).toBe('vor 2 Minuten')
    expect(relativeTimeFrom(ago(3 * 3600), now)).toBe('vor 3 Stunden')
    expect(relativeTimeFrom(ago(30 * 3600), now)).toBe('gestern')
    expect(relativeTimeFrom(ago(400 * 86400), now)).toBe('letztes Jahr')
    expect(monthGroupTitle(2024, 2, now)).toBe('März 2024')
    expect(exactDateTime('2026-03-05T10:00:00Z')).toMatch(/05\.03\.2026|5\. März 2026/)
  })

  it('keeps English relative times in words', () => {
    const now = new Date('2026-06-15T12:00:00Z')
    expect(relativeTimeFrom(new Date(now.getTime() - 3600_000).toISOString(), now)).toBe(
      'an hour ago',
    )
  })
})
