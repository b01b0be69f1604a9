import { type Catalogue, en, type MessageKey } from './en.js'
import type { SolanaKey } from './solana.en.js'

/**
 * The frame's texts in one locale at a time (issue 38 item 7). The page may name a locale
 * (SYNC_DAPP_DATA's `locale`); without one the frame follows its own browser's language, then
 * English. Only English ships in the frame's first script: another catalogue loads when first
 * asked for, and the handler waits for it (localeReady) before building a view.
 */

export type { Catalogue, MessageKey, SolanaKey }
export type Vars = Readonly<Record<string, string | number | bigint>>

/** The catalogues besides English, each its own chunk. */
const loaders: Record<string, () => Promise<Catalogue>> = {
  de: () => import('./de.js').then((m) => m.de),
}

/** The languages the frame speaks, English first. */
export const LANGUAGES = ['en', ...Object.keys(loaders)] as const

// English holds only the first script's texts; a family's English comes with the family.
let active: { tag: string; language: string; messages: Readonly<Partial<Catalogue>> } = {
  tag: 'en',
  language: 'en',
  messages: en,
}
let pending: Promise<void> = Promise.resolve()

/** A syntactically valid BCP-47 tag Intl accepts, canonicalised; undefined otherwise. */
export function canonicalTag(tag: string | undefined): string | undefined {
  if (!tag || tag.length > 35) return undefined
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/** The catalogue's language for `tag` ('de-AT' → 'de'); English for one the frame lacks. */
export function languageOf(tag: string | undefined): string {
  const language = canonicalTag(tag)?.split('-')[0]?.toLowerCase()
  return language && language in loaders ? language : 'en'
}

/**
 * Switches the frame's texts to `tag`, or to the browser's language when `tag` is absent.
 * Resolves once the catalogue is in; a catalogue that fails to load leaves English.
 */
export function setLocale(tag: string | undefined, fallback = browserLanguage()): Promise<void> {
  const chosen = canonicalTag(tag) ?? canonicalTag(fallback) ?? 'en'
  const language = languageOf(chosen)
  // Intl formats in the chosen region ('de-AT', 'en-GB'); a language the frame lacks means English.
  const next = { tag: chosen.split('-')[0]!.toLowerCase() === language ? chosen : 'en', language }
  const load: Promise<Partial<Catalogue>> =
    language === 'en' ? Promise.resolve(en) : loaders[language]!()
  pending = load
    .then(
      (messages) => {
        active = { ...next, messages }
      },
      () => {
        active = { tag: 'en', language: 'en', messages: en }
      },
    )
    .then(() => {
      for (const listener of listeners) listener(active.language)
    })
  return pending
}

const listeners = new Set<(language: string) => void>()

/** Calls `listener` with the language each time the frame's texts switch (e.g. for `<html lang>`). */
export function onLocaleChange(listener: (language: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Settles once the catalogue last asked for is in (or failed). */
export const localeReady = (): Promise<void> => pending

/** The active language ('en', 'de') and the tag Intl formats with ('de-AT'). */
export const currentLocale = () => ({ language: active.language, tag: active.tag })

function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language
}

/** The active locale's text for `key`, with `{name}` replaced by `vars.name`. */
export function t(key: MessageKey, vars?: Vars): string {
  return fill(active.messages[key] ?? en[key], vars)
}

/**
 * `t` for a family's texts, whose English loads with the family's own chunk (solana.en.ts) rather
 * than with this file; other languages hold them in their catalogue like the rest.
 */
export function familyText<key extends SolanaKey>(english: Readonly<Record<key, string>>) {
  return (key: key, vars?: Vars): string => fill(active.messages[key] ?? english[key], vars)
}

function fill(text: string, vars: Vars | undefined): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  )
}

let englishIndex: Map<string, MessageKey> | undefined

/**
 * An error's message in the active locale when it is one of the catalogue's English sentences
 * (the frame's own errors and the server's sign-in errors); any other text is shown as it came.
 */
export function translateMessage(text: string): string {
  if (active.language === 'en') return text
  englishIndex ??= new Map(Object.entries(en).map(([key, value]) => [value, key as MessageKey]))
  const key = englishIndex.get(text)
  return key ? t(key) : text
}

const numberFormats = new Map<string, { format: Intl.NumberFormat; decimal: string }>()

/**
 * A decimal string ('1234.5', exact to any number of digits) in the active locale's digits and
 * decimal sign. Intl reads the whole part as a string, so no digit is lost to floating point;
 * the fraction's digits are kept as they are. No grouping: '1.000' is one thousand in German and
 * one in English, and an amount to sign must not be misread by a reader of the other.
 */
export function formatDecimal(value: string): string {
  const tag = active.tag
  let entry = numberFormats.get(tag)
  if (!entry) {
    const format = new Intl.NumberFormat(tag, { maximumFractionDigits: 0, useGrouping: false })
    const decimal =
      new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    entry = { format, decimal }
    numberFormats.set(tag, entry)
  }
  const [whole = '0', fraction] = value.split('.')
  const grouped = entry.format.format(whole as unknown as number)
  return fraction ? `${grouped}${entry.decimal}${fraction}` : grouped
}

/**
 * A moment in UTC. English keeps ISO order (2026-01-31 00:00), which no English reader misreads
 * as another day; other languages use their own order from Intl.
 */
export function formatUtc(date: Date): string {
  if (active.language === 'en') {
    const iso = date.toISOString()
    return t('date.utc', { date: `${iso.slice(0, 10)} ${iso.slice(11, 16)}` })
  }
  const text = new Intl.DateTimeFormat(active.tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)
  return t('date.utc', { date: text })
}
