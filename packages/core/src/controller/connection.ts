import type { AdapterEvents, ConnectResult } from '../adapters/types.js'
import { ConnectionFailedError, ConnectionRejectedError } from '../errors/errors.js'
import { reportError } from '../errors/reporter.js'
import { findRpcCode } from '../errors/rpcCodes.js'
import type { ChainNamespace } from '../networks/types.js'
import { addRecentWallet } from '../storage/storage.js'
import { connectionCount, removeConnection, upsertConnection } from '../stores/connections.js'
import { emitEvent } from '../stores/events.js'
import { closeModal } from '../stores/router.js'
import { resetAccount, setChainAccountData } from './account.js'
import { type ControllerContext, getAdapter, settleWithin } from './context.js'
import { onChainChanged, resetNetworkState } from './network.js'

/** Seed §4/§9: disconnect resolves after at most 3 seconds, whatever the wallet does. */
export const DISCONNECT_TIMEOUT_MS = 3_000

export async function connect(
  ctx: ControllerContext,
  parameters: { namespace: ChainNamespace; connectorId: string },
): Promise<ConnectResult> {
  const { namespace, connectorId } = parameters
  const adapter = getAdapter(ctx, namespace)
  const previous = ctx.stores.chain.getState().chains[namespace]?.accountState.status
  setChainAccountData(ctx, namespace, { status: 'connecting' })
  let result: ConnectResult
  try {
    const network = ctx.stores.chain.getState().chains[namespace]?.networkState.caipNetwork
    result = await adapter.connect({ connectorId, network })
  } catch (error) {
    setChainAccountData(ctx, namespace, {
      status: previous === 'connected' ? 'connected' : 'disconnected',
    })
    const rejected = findRpcCode(error) === 4001
    emitEvent(ctx.stores.events, {
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { connectorId, rejected },
    })
    if (rejected) throw new ConnectionRejectedError({ cause: error })
    throw reportError(new ConnectionFailedError({ cause: error }))
  }
  applyConnection(ctx, namespace, result, { makeActive: true })
  const connector = ctx.stores.connectors
    .getState()
    .connectors.find((c) => c.id === result.connectorId)
  const name = connector?.name ?? result.connectorId
  addRecentWallet(ctx.storage, {
    id: result.connectorId,
    name,
    imageUrl: connector?.imageUrl,
    rdns: connector?.info?.rdns,
  })
  ctx.storage.set('connectedWalletId', result.connectorId)
  ctx.storage.set('connectedWalletName', name)
  const network = ctx.stores.chain.getState().chains[namespace]?.networkState.caipNetwork
  if (network) ctx.storage.set('lastUsedChainId', network.caipNetworkId)
  persistConnections(ctx)
  emitEvent(ctx.stores.events, {
    type: 'track',
    event: 'CONNECT_SUCCESS',
    properties: { connectorId: result.connectorId, name },
  })
  return result
}

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
  setChainAccountData(ctx, namespace, { address: payload.address, status: 'connected' })
  emitEvent(ctx.stores.events, {
    type: 'sdk',
    event: 'accountChanged',
    properties: { namespace, address: payload.address, connectorId: payload.connectorId },
  })
}

/**
 * Disconnects one namespace (or every connected one). The wallet gets DISCONNECT_TIMEOUT_MS to
 * answer; the local state is cleared either way. The last connection going emits 'disconnect'.
 */
export async function disconnect(
  ctx: ControllerContext,
  parameters: { namespace?: ChainNamespace; connectorId?: string; closeModal?: boolean } = {},
): Promise<void> {
  const { namespace, connectorId } = parameters
  const namespaces = namespace
    ? [namespace]
    : [...ctx.adapters.keys()].filter(
        (ns) => (ctx.stores.connections.getState().connections[ns]?.length ?? 0) > 0,
      )
  await Promise.all(
    namespaces.map((ns) =>
      settleWithin(
        getAdapter(ctx, ns)
          .disconnect({ connectorId })
          .catch(() => {}),
        DISCONNECT_TIMEOUT_MS,
      ),
    ),
  )
  for (const ns of namespaces) clearConnection(ctx, ns, connectorId)
  if (parameters.closeModal !== false) closeModal(ctx.stores.router)
}

/** Local half of a disconnect; also used when the wallet itself drops the connection. */
export function clearConnection(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  connectorId?: string,
): void {
  const hadConnections = connectionCount(ctx.stores.connections.getState()) > 0
  removeConnection(ctx.stores.connections, namespace, connectorId)
  const remaining = ctx.stores.connections.getState().connections[namespace] ?? []
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

/**
 * Start-up (seed §4): with reconnect enabled, connections the wallets still authorise are
 * restored; otherwise, or when none is left, every namespace is disconnected.
 */
export async function reconnectOnLoad(ctx: ControllerContext): Promise<void> {
  const { enableReconnect } = ctx.stores.options.getState()
  const wasDisconnected = ctx.storage.get('connectionStatus') === 'disconnected'
  for (const [namespace, adapter] of ctx.adapters) {
    if (!enableReconnect || wasDisconnected) {
      setChainAccountData(ctx, namespace, { status: 'disconnected' })
      continue
    }
    setChainAccountData(ctx, namespace, { status: 'reconnecting' })
    const results = await adapter.reconnect().catch((error: unknown) => {
      reportError(error)
      return [] as ConnectResult[]
    })
    if (results.length === 0) {
      setChainAccountData(ctx, namespace, { status: 'disconnected' })
      continue
    }
    const activeChain = ctx.stores.chain.getState().activeChain
    for (const result of results)
      applyConnection(ctx, namespace, result, { makeActive: activeChain === namespace })
  }
  persistConnections(ctx)
}

function persistConnections(ctx: ControllerContext): void {
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
}
