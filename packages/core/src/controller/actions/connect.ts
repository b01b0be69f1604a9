import type { ConnectResult } from '../../adapters/types.js'
import { ConnectionFailedError, ConnectionRejectedError } from '../../errors/errors.js'
import { findRpcCode } from '../../errors/rpcCodes.js'
import type { ChainNamespace } from '../../networks/types.js'
import type { RecentWallet } from '../../storage/keys.js'
import { addRecentWallet } from '../../storage/storage.js'
import type { ConnectAttempt } from '../../stores/connectors.js'
import { emitEvent } from '../../stores/events.js'
import { setChainAccountData } from '../account.js'
import { applyConnection, clearConnection, persistConnections } from '../connection.js'
import { type ControllerContext, getAdapter, settleWithin } from '../context.js'
import { DISCONNECT_TIMEOUT_MS } from './disconnect.js'

export interface ConnectParameters {
  namespace: ChainNamespace
  connectorId: string
  /**
   * The wallet to list under Recent when it is not the connector itself: a catalogue wallet
   * reached through WalletConnect.
   */
  recentWallet?: RecentWallet | undefined
}

/**
 * Asks one connector's wallet to connect and records the connection, the recent wallet and the
 * last chain. Its progress is readable as `connectors.attempt`, so a UI can show it without
 * owning the request. Throws ConnectionRejectedError (not reported) when the user says no, and
 * ConnectionFailedError (reported) for anything else.
 */
export async function connect(
  ctx: ControllerContext,
  parameters: ConnectParameters,
): Promise<ConnectResult> {
  const { namespace, connectorId } = parameters
  // A pairing URI belongs to one attempt: none is shown before the connector offers one, and it
  // goes once the attempt ends, however it ends.
  const attempt = (status: ConnectAttempt['status'], error?: Error) =>
    ctx.stores.connectors.setState({
      attempt: { connectorId, namespace, status, error },
      pairing: undefined,
    })
  const adapter = getAdapter(ctx, namespace)
  attempt('pending')
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
    // A WalletConnect wallet that approved another namespace only (Bitcoin only): that
    // namespace's adapter holds the connection, and connecting there ends the attempt.
    const other = (error as { connectedNamespace?: ChainNamespace }).connectedNamespace
    if (other && other !== namespace) return connect(ctx, { ...parameters, namespace: other })
    const rejected = findRpcCode(error) === 4001
    emitEvent(ctx.stores.events, {
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { connectorId, rejected },
    })
    const failure = rejected
      ? new ConnectionRejectedError({ cause: error })
      : ctx.errors.report(new ConnectionFailedError({ cause: error }))
    attempt(rejected ? 'rejected' : 'failed', failure)
    throw failure
  }
  applyConnection(ctx, namespace, result, { makeActive: true })
  // One wallet at a time unless the project enables multi-wallet: the new one replaces the rest.
  if (!ctx.stores.options.getState().features.multiWallet) {
    const others = (ctx.stores.connections.getState().connections[namespace] ?? []).filter(
      (c) => c.connectorId.toLowerCase() !== result.connectorId.toLowerCase(),
    )
    for (const other of others) {
      await settleWithin(
        adapter.disconnect({ connectorId: other.connectorId }).catch(() => {}),
        DISCONNECT_TIMEOUT_MS,
      )
      clearConnection(ctx, namespace, other.connectorId)
    }
  }
  const connector = ctx.stores.connectors
    .getState()
    .connectors.find((c) => c.id === result.connectorId)
  const name = connector?.name ?? result.connectorId
  addRecentWallet(
    ctx.storage,
    parameters.recentWallet ?? {
      id: result.connectorId,
      name,
      imageUrl: connector?.imageUrl,
      rdns: connector?.info?.rdns,
    },
  )
  ctx.storage.set('connectedWalletId', result.connectorId)
  ctx.storage.set('connectedWalletName', name)
  const network = ctx.stores.chain.getState().chains[namespace]?.networkState.caipNetwork
  if (network) ctx.storage.set('lastUsedChainId', network.caipNetworkId)
  persistConnections(ctx)
  attempt('connected')
  emitEvent(ctx.stores.events, {
    type: 'track',
    event: 'CONNECT_SUCCESS',
    properties: { connectorId: result.connectorId, name },
  })
  return result
}
