import { type CreateLatchParameters, createLatch, type Latch, LatchError } from '@latch/core'
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
  messages?: Messages | undefined
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
  readonly messages: Messages
  /** The server's wallet catalogue (the catalogue methods of `api`). */
  readonly wallets: WalletsClient
}

export function createLatchClient(config: LatchConfig): LatchClient {
  if (config.siwx && config.siweConfig) throw new LatchError(SIWX_AND_SIWE_MESSAGE)
  const latch = createLatch(config, { sdkType: SDK_TYPE, sdkVersion: SDK_VERSION })
  // The embedded wallet's frame shows the app's theme and name too (its own claim, after the origin).
  latch.auth?.syncApp?.({ ...config, options: latch.stores.options })
  // The same object, not a copy: `providerServices` is a getter.
  return Object.assign(latch, { messages: config.messages ?? en, wallets: walletsOf(latch.api) })
}
