import { openModal, promptsUnsupportedChain } from '@latch/core'
import type { LatchClient } from '../client.js'

/**
 * A wallet that lands on a network the app does not list opens UnsupportedChain, unless the
 * app's options allow such networks. Returns the function that stops watching.
 */
export function watchUnsupportedChain({ stores }: Pick<LatchClient, 'stores'>): () => void {
  return stores.events.subscribe(({ last }, previous) => {
    if (
      last !== previous.last &&
      last?.event === 'switchNetwork' &&
      last.properties?.supported === false &&
      promptsUnsupportedChain(stores.options.getState())
    )
      openModal(stores.router, 'UnsupportedChain')
  })
}
