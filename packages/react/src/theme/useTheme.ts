import { type CSSProperties, useEffect, useMemo, useState } from 'react'
import type { ThemeMode } from '../client.js'
import { type ThemeVariables, themeDefaults } from './styles.js'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function osMode(): ThemeMode {
  if (typeof window === 'undefined' || !window.matchMedia) return 'light'
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

/** The theme in force: the app's choice, else the OS preference (followed live). */
export function useThemeMode(fixed: ThemeMode | undefined): ThemeMode {
  const [os, setOs] = useState<ThemeMode>(osMode)
  useEffect(() => {
    if (fixed || typeof window === 'undefined' || !window.matchMedia) return
    const query = window.matchMedia(DARK_QUERY)
    const update = () => setOs(query.matches ? 'dark' : 'light')
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [fixed])
  return fixed ?? os
}

/** The theme defaults of docs/behaviour.md#views with the app's overrides, as inline custom properties. */
export function useThemeStyle(variables: ThemeVariables | undefined): CSSProperties {
  return useMemo(() => ({ ...themeDefaults, ...variables }) as CSSProperties, [variables])
}

/** How Latch's stylesheets reach the page; set through `LatchConfig`. */
export interface StyleOptions {
  /**
   * Put on every `<style>` Latch injects, so a Content-Security-Policy without
   * `'unsafe-inline'` lets it apply (`style-src 'nonce-…'`). When absent, the nonce of a
   * `<meta property="csp-nonce">` is used if the page has one (Vite's `html.cspNonce`).
   */
  nonce?: string | undefined
  /** False when the app imports `@latch/react/styles.css` itself: nothing is injected. */
  injectStyles?: boolean | undefined
}

const injected = new Set<string>()
// The provider's options, for stylesheets injected later by parts that do not see the config
// (the modal's chunk). The provider renders before them, so they are set by then.
let pageOptions: StyleOptions = {}

function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  // Browsers hide a nonce attribute's value once parsed; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}

/** Adds a stylesheet to the document once, unless the app ships `styles.css` itself. */
export function ensureStyles(id: string, css: string, options?: StyleOptions): void {
  if (options) pageOptions = options
  const { nonce, injectStyles = true } = options ?? pageOptions
  if (typeof document === 'undefined' || !injectStyles || injected.has(id)) return
  injected.add(id)
  if (document.querySelector(`style[data-latch="${id}"]`)) return
  const style = document.createElement('style')
  style.dataset.latch = id
  const effectiveNonce = nonce ?? pageNonce()
  if (effectiveNonce) style.nonce = effectiveNonce
  style.textContent = css
  document.head.append(style)
}

/** Forgets what was injected, so a test starts from an empty document. */
export function resetInjectedStyles(): void {
  injected.clear()
  pageOptions = {}
}
