import { NamespaceRequiredError } from '../../errors/errors.js'
import { errorMessages } from '../../errors/messages.js'
import { findNetwork } from '../../networks/caip.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { showAlert } from '../../stores/alerts.js'
import { emitEvent } from '../../stores/events.js'
import { type ControllerContext, getAdapter } from '../context.js'
import { setActiveNetwork } from '../network.js'
import { connect } from './connect.js'

/**
 * The embedded wallet's connector id when the active namespace is connected through it and
 * `namespace` offers the same AUTH connector; otherwise undefined.
 */
function embeddedConnectorToCarry(
  ctx: ControllerContext,
  namespace: ChainNamespace,
): string | undefined {
  const active = ctx.stores.chain.getState().activeChain
  if (!active || active === namespace) return undefined
  const { activeConnectorIds, connectors } = ctx.stores.connectors.getState()
  const id = activeConnectorIds[active]
  const isAuthOn = (on: ChainNamespace) =>
    connectors.some((c) => c.id === id && c.chain === on && c.type === 'AUTH')
  return id && isAuthOn(active) && isAuthOn(namespace) ? id : undefined
}

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
  const connected = Boolean(chainState.accountState.address)
  const carried = connected ? undefined : embeddedConnectorToCarry(ctx, namespace)
  if (connected) await adapter.switchNetwork({ network })
  setActiveNetwork(ctx, network)
  // An email or social user keeps their session across namespaces: one sign-in holds an account
  // on each, so the other namespace's account connects without asking (docs/solana.md#email-and-social-users).
  if (carried) await connect(ctx, { namespace, connectorId: carried }).catch(() => {})
  emitEvent(ctx.stores.events, {
    type: 'track',
    event: 'SWITCH_NETWORK',
    properties: { network: network.caipNetworkId },
  })
  return network
}
