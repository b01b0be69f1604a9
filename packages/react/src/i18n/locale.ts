/**
 * The languages the modal speaks. English is built in (messages.ts and the English beside each
 * lazy view); every other one is a catalogue loaded on demand (catalogues.ts), so a page in
 * English fetches no other language.
 */
export const LOCALES = ['en', 'de'] as const
export type Locale = (typeof LOCALES)[number]

/** 'de-AT' → 'de' when German is one of ours; undefined otherwise. */
function supported(tag: string | undefined): Locale | undefined {
  const language = tag?.toLowerCase().split(/[-_]/)[0]
  return LOCALES.find((locale) => locale === language)
}

/**
 * The app's choice (`locale` in the config) when we have it, else the browser's first language we
 * have (navigator.languages, in the visitor's order), else English.
 */
export function resolveLocale(wanted: string | undefined, languages: readonly string[]): Locale {
  return supported(wanted) ?? languages.map(supported).find(Boolean) ?? 'en'
}

/** The browser's languages, none outside a browser. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
