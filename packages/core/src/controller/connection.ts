import type { AdapterEvents, ConnectResult } from '../adapters/types.js'
import type { ChainNamespace } from '../networks/types.js'
import {
  type Connection,
  connectionCount,
  removeConnection,
  upsertConnection,
} from '../stores/connections.js'
import { emitEvent } from '../stores/events.js'
import { resetAccount, setChainAccountData } from './account.js'
import type { ControllerContext } from './context.js'
import { onChainChanged, resetNetworkState } from './network.js'

// State writes shared by connect, reconnect, disconnect and the adapter event handlers.

/** Writes a successful (re)connection into the stores. */
export function applyConnection(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  result: ConnectResult,
  options: { makeActive?: boolean } = {},
): void {
  const connector = ctx.stores.connectors
    .getState()
    .connectors.find((c) => c.id === result.connectorId)
  ctx.stores.connectors.setState((state) => ({
    activeConnectorIds: { ...state.activeConnectorIds, [namespace]: result.connectorId },
  }))
  setChainAccountData(ctx, namespace, {
    address: result.accounts[0]?.address,
    status: 'connected',
    connectedWalletInfo: connector
      ? { name: connector.name, icon: connector.imageUrl, rdns: connector.info?.rdns }
      : { name: result.connectorId },
  })
  const network = onChainChanged(ctx, namespace, result.chainId, options)
  upsertConnection(ctx.stores.connections, namespace, {
    connectorId: result.connectorId,
    accounts: result.accounts,
    caipNetwork: network,
  })
}

export function onAccountChanged(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  payload: AdapterEvents['accountChanged'],
): void {
  const network = ctx.stores.chain.getState().chains[namespace]?.networkState.caipNetwork
  upsertConnection(ctx.stores.connections, namespace, {
    connectorId: payload.connectorId,
    accounts: payload.accounts,
    caipNetwork: network,
  })
  // Another of several connected wallets changed account: its row changes, the active one stays.
  if (!isActiveConnector(ctx, namespace, payload.connectorId)) return
  setChainAccountData(ctx, namespace, { address: payload.address, status: 'connected' })
  emitEvent(ctx.stores.events, {
    type: 'sdk',
    event: 'accountChanged',
    properties: { namespace, address: payload.address, connectorId: payload.connectorId },
  })
}

/** Local half of a disconnect; also used when the wallet itself drops the connection. */
export function clearConnection(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  connectorId?: string,
): void {
  const hadConnections = connectionCount(ctx.stores.connections.getState()) > 0
  const wasActive = connectorId === undefined || isActiveConnector(ctx, namespace, connectorId)
  removeConnection(ctx.stores.connections, namespace, connectorId)
  const remaining = ctx.stores.connections.getState().connections[namespace] ?? []
  // The active wallet left and others remain: the first of them becomes active.
  const next = remaining[0]
  if (next && wasActive) {
    makeConnectionActive(ctx, namespace, next)
    // The wallet library may have picked another one as its current: requests follow the UI.
    void ctx.adapters
      .get(namespace)
      ?.switchConnection?.({ connectorId: next.connectorId })
      .catch(() => {})
  }
  if (remaining.length === 0) {
    if (ctx.stores.chain.getState().chains[namespace]) {
      resetAccount(ctx, namespace)
      resetNetworkState(ctx, namespace)
    }
    ctx.stores.connectors.setState((state) => {
      const { [namespace]: _removed, ...activeConnectorIds } = state.activeConnectorIds
      return { activeConnectorIds }
    })
  }
  persistConnections(ctx)
  if (hadConnections && connectionCount(ctx.stores.connections.getState()) === 0) {
    ctx.storage.remove('connectedWalletId')
    ctx.storage.remove('connectedWalletName')
    emitEvent(ctx.stores.events, { type: 'sdk', event: 'disconnect' })
  }
}

export function isActiveConnector(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  connectorId: string,
): boolean {
  const active = ctx.stores.connectors.getState().activeConnectorIds[namespace]
  return active !== undefined && active.toLowerCase() === connectorId.toLowerCase()
}

/** Makes one of the namespace's connections the one the account state shows. */
export function makeConnectionActive(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  connection: Connection,
): void {
  const connector = ctx.stores.connectors
    .getState()
    .connectors.find((c) => c.id.toLowerCase() === connection.connectorId.toLowerCase())
  ctx.stores.connectors.setState((state) => ({
    activeConnectorIds: { ...state.activeConnectorIds, [namespace]: connection.connectorId },
  }))
  setChainAccountData(ctx, namespace, {
    address: connection.accounts[0]?.address,
    status: 'connected',
    balance: undefined,
    balanceSymbol: undefined,
    tokenBalance: [],
    profileName: undefined,
    connectedWalletInfo: connector
      ? { name: connector.name, icon: connector.imageUrl, rdns: connector.info?.rdns }
      : { name: connection.connectorId },
  })
  persistConnections(ctx)
}

export function persistConnections(ctx: ControllerContext): void {
  const { connections } = ctx.stores.connections.getState()
  const list = Object.entries(connections).flatMap(([namespace, items]) =>
    (items ?? []).map((c) => ({
      connectorId: c.connectorId,
      namespace,
      addresses: c.accounts.map((a) => a.address),
    })),
  )
  ctx.storage.set('connections', list)
  ctx.storage.set('connectedNamespaces', [...new Set(list.map((c) => c.namespace))])
  ctx.storage.set('connectionStatus', list.length > 0 ? 'connected' : 'disconnected')
  const { activeConnectorIds } = ctx.stores.connectors.getState()
  const active: Record<string, string> = {}
  for (const [namespace, id] of Object.entries(activeConnectorIds)) if (id) active[namespace] = id
  ctx.storage.set('connectedConnectorIds', active)
}
