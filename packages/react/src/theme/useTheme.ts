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

/** The seed defaults with the app's overrides, as inline custom properties. */
export function useThemeStyle(variables: ThemeVariables | undefined): CSSProperties {
  return useMemo(() => ({ ...themeDefaults, ...variables }) as CSSProperties, [variables])
}

const injected = new Set<string>()

/** Adds a stylesheet to the document once; the library ships no CSS file. */
export function ensureStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || injected.has(id)) return
  injected.add(id)
  if (document.querySelector(`style[data-latch="${id}"]`)) return
  const style = document.createElement('style')
  style.dataset.latch = id
  style.textContent = css
  document.head.append(style)
}
