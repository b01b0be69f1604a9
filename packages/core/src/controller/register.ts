import { DEFAULT_CAIP_NETWORK_ID } from '../adapters/eip155/defaultNetwork.js'
import { findNetwork } from '../networks/caip.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { raiseProviderAlert } from '../providerServices/alerts.js'
import { type ChainStoreState, createChainState } from '../stores/chain.js'
import { findConnection, upsertConnection } from '../stores/connections.js'
import {
  applyConnectorRules,
  type Connector,
  setNamespaceConnectors,
} from '../stores/connectors.js'
import {
  applyConnection,
  clearConnection,
  onAccountChanged,
  persistConnections,
} from './connection.js'
import type { ControllerContext } from './context.js'
import { onChainChanged } from './network.js'

/**
 * Writes each adapter's networks and connectors into the stores and follows its events. Returns
 * the function that stops following them.
 */
export function registerAdapters(ctx: ControllerContext): () => void {
  const unsubscribes: (() => void)[] = []
  const { networks } = ctx.stores.options.getState()
  const chains: ChainStoreState['chains'] = {}
  for (const [namespace, adapter] of ctx.adapters) {
    const listed = networks.filter((n) => n.chainNamespace === namespace)
    chains[namespace] = createChainState(
      namespace,
      listed.length > 0 ? listed : [...adapter.networks],
    )
    setConnectors(ctx, namespace, adapter.getConnectors())
    unsubscribes.push(
      adapter.on('connectors', (connectors) => setConnectors(ctx, namespace, connectors)),
      adapter.on('accountChanged', (payload) => onAccountChanged(ctx, namespace, payload)),
      adapter.on('switchNetwork', (payload) => {
        const network = onChainChanged(ctx, namespace, payload.chainId)
        const connection = findConnection(
          ctx.stores.connections.getState(),
          namespace,
          payload.connectorId,
        )
        if (connection)
          upsertConnection(ctx.stores.connections, namespace, {
            ...connection,
            caipNetwork: network,
          })
      }),
      adapter.on('disconnect', (payload) => clearConnection(ctx, namespace, payload.connectorId)),
      adapter.on('pairing', (pairing) => ctx.stores.connectors.setState({ pairing })),
      adapter.on('alert', (alert) => raiseProviderAlert(ctx.stores.alerts, alert)),
      // Its part of a WalletConnect session another namespace paired: connected, not made active.
      adapter.on('connected', (result) => {
        applyConnection(ctx, namespace, result)
        persistConnections(ctx)
      }),
    )
  }
  ctx.stores.chain.setState({ chains })
  return () => {
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
  }
}

function setConnectors(ctx: ControllerContext, namespace: ChainNamespace, list: Connector[]) {
  const { isMobile, excludeWalletRdns, excludeWalletNames } = ctx.stores.options.getState()
  setNamespaceConnectors(
    ctx.stores.connectors,
    namespace,
    applyConnectorRules(list, { isMobile, excludeWalletRdns, excludeWalletNames }),
  )
}

export { DEFAULT_CAIP_NETWORK_ID }

/**
 * The network a page starts on (docs/behaviour.md#networks): the stored one when the app still
 * lists it, else the app's `defaultNetwork`, else Ethereum mainnet (the spec's default chain)
 * when the app lists it, else the first network listed. The reference skips the mainnet step
 * and takes the first listed; the spec and our docs promise eip155:1, and it is honoured only
 * where the app offers it, so a page never starts on a network the app does not list.
 */
export function initialNetwork(ctx: ControllerContext): CaipNetwork | undefined {
  const state = ctx.stores.chain.getState()
  const all = Object.values(state.chains).flatMap((chain) => chain?.caipNetworks ?? [])
  const stored = ctx.storage.get('activeCaipNetworkId')
  const { defaultNetwork } = ctx.stores.options.getState()
  return (
    (stored ? findNetwork(all, stored) : undefined) ??
    (defaultNetwork ? findNetwork(all, defaultNetwork.caipNetworkId) : undefined) ??
    findNetwork(all, DEFAULT_CAIP_NETWORK_ID) ??
    all[0]
  )
}
