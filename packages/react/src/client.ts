import {
  type CreateLatchParameters,
  createLatch,
  type Latch,
  LatchError,
  setFormatLocale,
} from '@latch/core'
import { createStore } from 'zustand/vanilla'
import { browserLanguages, type Locale, resolveLocale } from './i18n/locale.js'
import { en, type Messages } from './messages.js'
import type { ThemeVariables } from './theme/styles.js'
import { SDK_TYPE, SDK_VERSION, type WalletsClient, walletsOf } from './wallets/client.js'

/** docs/behaviour.md#validation: the two sign-in options exclude each other. */
export const SIWX_AND_SIWE_MESSAGE = 'Sign-in config may not set both siweConfig and siwx'

export type ThemeMode = 'light' | 'dark'

export interface LatchConfig extends CreateLatchParameters {
  /** Fixed theme; the OS preference is followed when absent. */
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  /** Nonce for the `<style>` elements Latch injects (a CSP without `'unsafe-inline'`). */
  nonce?: string | undefined
  /** False when the app imports `@latch/react/styles.css` itself: no `<style>` is injected. */
  injectStyles?: boolean | undefined
  /**
   * The modal's language ('de', 'en'...); the browser's (navigator.languages) when absent or not one
   * Latch has, English as the last resort. A language other than English loads on demand.
   */
  locale?: string | undefined
  /** The app's own strings: they win over the locale's, key by key. */
  messages?: Messages | undefined
  /**
   * The app's own strings in each locale but English, loaded with the kit's when that locale is
   * chosen and merged into `messages` (`{ de: () => import('./i18n/de.js').then((m) => m.de) }`
   * giving, say, `{ app: {...} }`): one catalogue for the page, none of it before it is needed.
   */
  localeMessages?: Partial<Record<string, () => Promise<object>>> | undefined
  /** Render the modal where <LatchProvider> is placed instead of appending it to document.body. */
  enableEmbedded?: boolean | undefined
  disableAppend?: boolean | undefined
  /** Catalogue wallet ids shown in the Featured section, in this order. */
  featuredWalletIds?: string[] | undefined
  /** Extra wallets of the Custom section: links to their websites. */
  customWallets?: { id: string; name: string; homepage: string; imageUrl?: string }[] | undefined
  /** Order of the Connect view's sections (docs/behaviour.md#limits order when absent). */
  connectorOrder?:
    | (
        | 'walletConnect'
        | 'recent'
        | 'injected'
        | 'featured'
        | 'custom'
        | 'external'
        | 'recommended'
      )[]
    | undefined
  /** The reference's older sign-in option; refused together with `siwx`. */
  siweConfig?: unknown
}

/**
 * Core's Latch (`createLatch`: stores, controller, API client, history, watchers) plus what the
 * views read: the messages and the wallet catalogue.
 */
export interface LatchClient extends Latch<LatchConfig> {
  /** The active locale's strings: English until another locale's catalogue has loaded. */
  readonly messages: Messages
  readonly locale: Locale
  /** Called when `messages` changes (another locale loaded); returns the unsubscribe. */
  subscribeMessages(listener: () => void): () => void
  /** The server's wallet catalogue (the catalogue methods of `api`). */
  readonly wallets: WalletsClient
}

export function createLatchClient(config: LatchConfig): LatchClient {
  if (config.siwx && config.siweConfig) throw new LatchError(SIWX_AND_SIWE_MESSAGE)
  const latch = createLatch(config, { sdkType: SDK_TYPE, sdkVersion: SDK_VERSION })
  const locale = resolveLocale(config.locale, browserLanguages())
  // Amounts and dates follow the locale at once; its strings follow when their chunk arrives.
  setFormatLocale(locale === 'en' ? 'en-US' : locale)
  // The embedded wallet's frame shows the app's theme, name and language too (its own claim).
  latch.auth?.syncApp?.({ ...config, locale, options: latch.stores.options })
  // A store of one value, so that views re-render when another locale's strings arrive (useLatch).
  const strings = createStore<Messages>(() => config.messages ?? en)
  if (locale !== 'en')
    Promise.all([import('./i18n/catalogues.js'), config.localeMessages?.[locale]?.()])
      .then(([m, app]) => m.loadMessages(locale, config.messages, app))
      .then((loaded) => strings.setState(loaded, true))
      .catch((error: unknown) => console.warn('Latch strings', locale, error))
  // The same object, not a copy: `providerServices` is a getter; so is `messages`, which changes.
  const client = Object.assign(latch, {
    locale,
    subscribeMessages: strings.subscribe,
    wallets: walletsOf(latch.api),
  })
  return Object.defineProperty(client, 'messages', {
    get: strings.getState,
    enumerable: true,
  }) as typeof client & { readonly messages: Messages }
}
