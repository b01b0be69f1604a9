import type { Messages } from '../messages.js'
import type { Catalogue } from './catalogue.js'
import type { Locale } from './locale.js'

/*
 * Loaded only when the page's locale is not English: each language is a chunk of its own, fetched
 * for the visitors who read it.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  de: () => import('./de.js').then((m) => m.de),
}

type Tree = { [key: string]: string | Tree }

/** The app's own strings over the locale's, key by key at every depth (titles, sections...). */
function over(base: Tree, own: Tree): Tree {
  const merged: Tree = { ...base }
  for (const [key, value] of Object.entries(own)) {
    const under = merged[key]
    merged[key] =
      typeof value === 'object' && typeof under === 'object' ? over(under, value) : value
  }
  return merged
}

/**
 * The locale's catalogue with the app's strings for it (`localeMessages`) added, and the app's
 * `messages` (config) winning where they set a key.
 */
export async function loadMessages(
  locale: Exclude<Locale, 'en'>,
  own: Messages | undefined,
  app?: object,
): Promise<Messages> {
  let merged = (await loaders[locale]()) as unknown as Tree
  for (const layer of [app, own]) if (layer) merged = over(merged, layer as Tree)
  return merged as unknown as Messages
}
