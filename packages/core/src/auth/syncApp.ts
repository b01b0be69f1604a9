import type { OptionsStore } from '../stores/options.js'
import type { AuthAppData, AuthConnector } from './types.js'

/**
 * Keeps the embedded wallet's frame told the app's theme and metadata: now, and whenever the
 * metadata in the options store changes. The theme is the app's config (`themeMode`,
 * `themeVariables`), fixed for the page's life; with no `themeMode` the frame follows the OS
 * preference itself, as the modal does. Returns the function that stops watching.
 */
export function syncAuthApp(
  latch: { auth: AuthConnector | undefined; stores: { options: OptionsStore } },
  theme: Pick<AuthAppData, 'themeMode' | 'themeVariables'> = {},
): () => void {
  const { auth } = latch
  if (!auth?.syncApp) return () => {}
  const send = (metadata: AuthAppData['metadata']) => auth.syncApp?.({ ...theme, metadata })
  let metadata = latch.stores.options.getState().metadata
  send(metadata)
  return latch.stores.options.subscribe((state) => {
    if (state.metadata === metadata) return
    metadata = state.metadata
    send(metadata)
  })
}
