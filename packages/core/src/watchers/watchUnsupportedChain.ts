import type { LatchStores } from '../stores/index.js'
import { promptsUnsupportedChain } from '../stores/options.js'
import { openModal } from '../stores/router.js'

/**
 * A wallet that lands on a network the app does not list opens UnsupportedChain, unless the
 * app's options allow such networks (docs/behaviour.md#flows). Returns the function that stops
 * watching.
 */
export function watchUnsupportedChain({ stores }: { stores: LatchStores }): () => void {
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
