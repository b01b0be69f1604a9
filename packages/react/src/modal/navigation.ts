import { type Connector, closeModal, pushView } from '@latch/core'
import type { LatchClient } from '../client.js'

// What the modal shows in answer to the controller's actions is decided in the React layer
// (here and in watchUnsupportedChain): the core's actions only change state and resolve.

/**
 * A wallet row was picked: the click itself asks the wallet, and the connecting view shows the
 * attempt's progress. Success closes the modal; a refusal or failure stays on the view, which
 * reads it from the connect attempt. A retry pushes the view again: harmless, as
 * ConnectingExternal offers no way back.
 */
export async function connectFromModal(
  { stores, controller }: Pick<LatchClient, 'stores' | 'controller'>,
  connector: Pick<Connector, 'id' | 'chain'>,
): Promise<void> {
  pushView(stores.router, { view: 'ConnectingExternal', connectorId: connector.id })
  try {
    await controller.connect({ namespace: connector.chain, connectorId: connector.id })
    closeModal(stores.router)
  } catch {
    // The view shows the refusal or failure from the connect attempt.
  }
}
