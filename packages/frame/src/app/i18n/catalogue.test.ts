import { afterEach, describe, expect, it } from 'vitest'
import { de } from './de.js'
import { en } from './en.js'
import {
  canonicalTag,
  currentLocale,
  formatDecimal,
  formatUtc,
  languageOf,
  setLocale,
  t,
  translateMessage,
} from './index.js'
import { solanaEn } from './solana.en.js'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

afterEach(() => setLocale('en'))

describe('the German catalogue', () => {
  it('has every English key, and no other, each with the same placeholders', () => {
    // The first script's English and the families' English kept apart (solana.en.ts).
    const english: Record<string, string> = { ...en, ...solanaEn }
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(de, key))
    const extra = Object.keys(de).filter((key) => !Object.hasOwn(english, key))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    for (const [key, text] of Object.entries(english)) {
      const german = (de as Record<string, string>)[key]!
      expect(german.trim(), key).not.toBe('')
      expect(placeholders(german), key).toEqual(placeholders(text))
    }
  })
})

describe('choosing the language', () => {
  it('the page names one: a region of German is German, formatted in that region', async () => {
    await setLocale('de-AT')
    expect(currentLocale()).toEqual({ language: 'de', tag: 'de-AT' })
    expect(t('action.approve')).toBe('Genehmigen')
  })

  it('one the frame lacks, or a malformed one, is English', async () => {
    for (const tag of ['fr', 'zz', 'x-klingon', '', 'de_DE!', 'a'.repeat(40)]) {
      await setLocale('de')
      await setLocale(tag, 'en-US')
      expect(t('action.approve'), tag).toBe('Approve')
    }
    expect(languageOf('fr-FR')).toBe('en')
    expect(canonicalTag('de_DE!')).toBeUndefined()
  })

  it("without one, the frame's own browser language, then English", async () => {
    await setLocale(undefined, 'de-DE')
    expect(t('action.reject')).toBe('Ablehnen')
    await setLocale(undefined, undefined)
    // No browser language here (Node): English.
    expect(t('action.reject')).toBe('Reject')
  })

  it('fills placeholders as text, and translates only messages the catalogue holds', async () => {
    await setLocale('de')
    expect(t('signin.resent', { email: '<b>a@b.example</b>' })).toBe(
      'Ein neuer Code ist unterwegs an <b>a@b.example</b>.',
    )
    expect(translateMessage('The sign-in window was closed')).toBe(
      'Das Anmeldefenster wurde geschlossen',
    )
    expect(translateMessage('Something the server said')).toBe('Something the server said')
  })
})

describe('numbers and dates', () => {
  it('keeps every digit of an amount, with the locale decimal sign and no grouping', async () => {
    const wei = '12345678901234567890.000000000000000000000000000001'
    expect(formatDecimal(wei)).toBe(wei)
    await setLocale('de')
    expect(formatDecimal(wei)).toBe(wei.replace('.', ','))
    expect(formatDecimal('1000')).toBe('1000')
  })

  it('dates in UTC: ISO order in English, the locale order from Intl in German', async () => {
    const moment = new Date(Date.UTC(2026, 0, 31, 13, 5))
    expect(formatUtc(moment)).toBe('2026-01-31 13:05 UTC')
    await setLocale('de')
    expect(formatUtc(moment)).toBe('31.01.2026, 13:05 UTC')
  })
})
