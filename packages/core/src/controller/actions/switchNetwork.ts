import { NamespaceRequiredError } from '../../errors/errors.js'
import { errorMessages } from '../../errors/messages.js'
import { findNetwork } from '../../networks/caip.js'
import type { CaipNetwork } from '../../networks/types.js'
import { showAlert } from '../../stores/alerts.js'
import { emitEvent } from '../../stores/events.js'
import { type ControllerContext, getAdapter } from '../context.js'
import { setActiveNetwork } from '../network.js'

/**
 * Switches the app to `network`, asking the connected wallet first when there is one; a wallet
 * that refuses leaves the active network as it was and the error is rethrown. A network the app
 * does not list raises the not-found alert and resolves undefined; otherwise resolves with the
 * network now active.
 */
export async function switchNetwork(
  ctx: ControllerContext,
  network: CaipNetwork | undefined,
): Promise<CaipNetwork | undefined> {
  const namespace = network?.chainNamespace
  if (!network || !namespace) throw ctx.errors.report(new NamespaceRequiredError())
  const adapter = getAdapter(ctx, namespace)
  const chainState = ctx.stores.chain.getState().chains[namespace]
  if (!chainState || !findNetwork(chainState.caipNetworks, network.caipNetworkId)) {
    showAlert(ctx.stores.alerts, errorMessages.networkNotFound, 'error')
    return undefined
  }
  if (chainState.accountState.address) await adapter.switchNetwork({ network })
  setActiveNetwork(ctx, network)
  emitEvent(ctx.stores.events, {
    type: 'track',
    event: 'SWITCH_NETWORK',
    properties: { network: network.caipNetworkId },
  })
  return network
}
