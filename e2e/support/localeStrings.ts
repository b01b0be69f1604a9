/**
 * Prints, as JSON, what the i18n spec needs from the catalogues: every English string whose German
 * differs (what it looks for on a German page) and the German strings by path ('send.amount'). A
 * script, not an import: the English sits beside the views (TSX, workspace imports), which tsx
 * with the source condition reads and the e2e project does not compile.
 *
 *   npx tsx --conditions=latch-source e2e/support/localeStrings.ts
 */

type Tree = { [key: string]: string | Tree }

// Paths the compiler does not follow (typed string, not literal).
const kit: string = '../../packages/react/src/i18n/'
const web: string = '../../apps/web/src/i18n/catalogue.js'

function flat(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') into.set(at, value)
    else flat(value, at, into)
  }
  return into
}

const { englishCatalogue } = (await import(`${kit}english.js`)) as { englishCatalogue(): Tree }
const { de } = (await import(`${kit}de.js`)) as { de: Tree }
const app = (await import(web)) as { appEnglish: Tree; appGerman: Tree }

const english = flat({ ...englishCatalogue(), app: app.appEnglish })
const german = flat({ ...de, app: app.appGerman })
console.log(
  JSON.stringify({
    english: [
      ...new Set(
        [...english].filter(([at, text]) => german.get(at) !== text).map(([, text]) => text),
      ),
    ],
    de: Object.fromEntries(german),
  }),
)
