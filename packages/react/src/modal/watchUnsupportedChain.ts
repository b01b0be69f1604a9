import { onEvent, openModal, promptsUnsupportedChain } from '@latch/core'
import type { LatchClient } from '../client.js'

/**
 * A wallet that lands on a network the app does not list opens UnsupportedChain, unless the
 * app's options allow such networks. Returns the function that stops watching.
 */
export function watchUnsupportedChain(client: Pick<LatchClient, 'stores'>): () => void {
  const { stores } = client
  return onEvent(stores.events, 'switchNetwork', (event) => {
    if (event.properties?.supported === false && promptsUnsupportedChain(stores.options.getState()))
      openModal(stores.router, 'UnsupportedChain')
  })
}
