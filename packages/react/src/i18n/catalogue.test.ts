import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadMessages } from './catalogues.js'
import { englishCatalogue } from './english.js'
import { LOCALES } from './locale.js'

type Tree = { [key: string]: string | Tree }

/** Every string of a catalogue by its path ('modal.titles.Connect'). */
function strings(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(at, value)
    else for (const [inner, text] of strings(value, at)) found.set(inner, text)
  }
  return found
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const english = strings(englishCatalogue() as unknown as Tree)
const others = LOCALES.filter((locale) => locale !== 'en')

describe('the locale catalogues', () => {
  it('English has the strings of every view', () => {
    expect(english.size).toBeGreaterThan(300)
    for (const [at, text] of english) expect(text, at).toMatch(/\S/)
  })

  it.each(others)('%s has every key English has, and no other', async (locale) => {
    const catalogue = strings((await loadMessages(locale, undefined)) as unknown as Tree)
    const missing = [...english.keys()].filter((at) => !catalogue.has(at))
    const stale = [...catalogue.keys()].filter((at) => !english.has(at))
    expect(missing, `${locale} lacks these keys`).toEqual([])
    expect(stale, `${locale} has keys English no longer has`).toEqual([])
  })

  it.each(others)('%s keeps the placeholders of each English string', async (locale) => {
    const catalogue = strings((await loadMessages(locale, undefined)) as unknown as Tree)
    for (const [at, text] of english)
      expect(placeholders(catalogue.get(at) ?? ''), `${locale} ${at}`).toEqual(placeholders(text))
  })

  it.each(others)('%s is translated, not copied', async (locale) => {
    const catalogue = strings((await loadMessages(locale, undefined)) as unknown as Tree)
    const same = [...english].filter(([at, text]) => catalogue.get(at) === text)
    // Names, symbols and bare placeholders read the same in every language; sentences do not.
    const sentences = same.filter(([, text]) => /[a-z]{3,} [a-z]{3,}/.test(text))
    expect(sentences).toEqual([])
  })

  it("lists every section a view reads from the locale (a new view's section must join it)", () => {
    const root = path.resolve(import.meta.dirname, '..')
    const sections = new Set<string>()
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)) {
          const source = readFileSync(file, 'utf8')
          for (const m of source.matchAll(/\.\.\.messages\.(\w+)|messages as \{ (\w+)\?/g))
            sections.add((m[1] ?? m[2]) as string)
        }
      }
    }
    walk(root)
    expect(sections.size).toBeGreaterThan(15)
    const top = new Set([...english.keys()].map((at) => at.split('.')[0]))
    expect([...sections].filter((section) => !top.has(section))).toEqual([])
  })

  it("lets the app's own messages win over the locale's, key by key", async () => {
    const own = { ...englishCatalogue(), button: { connect: 'Hallo' } } as never
    const merged = await loadMessages('de', own)
    expect(merged.button.connect).toBe('Hallo')
    const partial = { modal: { titles: { Account: 'Mein Konto' } } } as never
    const kept = await loadMessages('de', partial)
    expect(kept.modal.titles.Account).toBe('Mein Konto')
    expect(kept.modal.titles.Connect).toBe('Wallet verbinden')
    expect(kept.modal.close).toBe('Schließen')
  })
})
