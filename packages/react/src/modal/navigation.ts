import { type Connector, closeModal, pushView, replaceView } from '@latch/core'
import type { LatchClient } from '../client.js'

// What the modal shows in answer to the controller's actions is decided in the React layer
// (here and in watchUnsupportedChain): the core's actions only change state and resolve.

/**
 * A wallet row was picked: the click itself asks the wallet, and the connecting view shows the
 * attempt's progress (a retry from that view replaces it). Success closes the modal; a refusal
 * or failure stays on the view, which reads it from the connect attempt.
 */
export async function connectFromModal(
  client: Pick<LatchClient, 'stores' | 'controller'>,
  connector: Pick<Connector, 'id' | 'chain'>,
): Promise<void> {
  const { stores, controller } = client
  const route = { view: 'ConnectingExternal', connectorId: connector.id } as const
  if (stores.router.getState().route.view === 'ConnectingExternal')
    replaceView(stores.router, route)
  else pushView(stores.router, route)
  try {
    await controller.connect({ namespace: connector.chain, connectorId: connector.id })
  } catch {
    return
  }
  closeModal(stores.router)
}
