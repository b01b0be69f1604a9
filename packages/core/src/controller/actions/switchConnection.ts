import { ConnectorNotFoundError } from '../../errors/errors.js'
import type { ChainNamespace } from '../../networks/types.js'
import { findConnection } from '../../stores/connections.js'
import { makeConnectionActive } from '../connection.js'
import { type ControllerContext, getAdapter } from '../context.js'

export interface SwitchConnectionParameters {
  namespace: ChainNamespace
  /** A connector the namespace is connected through (matched case-insensitively). */
  connectorId: string
}

/**
 * With several wallets connected (multi-wallet), makes another of them the active one: the
 * account state shows its address, and the adapter sends requests through it. Rejects with
 * ConnectorNotFoundError for a connector that is not connected.
 */
export async function switchConnection(
  ctx: ControllerContext,
  { namespace, connectorId }: SwitchConnectionParameters,
): Promise<void> {
  const connection = findConnection(ctx.stores.connections.getState(), namespace, connectorId)
  if (!connection) throw ctx.errors.report(new ConnectorNotFoundError(connectorId))
  await getAdapter(ctx, namespace).switchConnection?.({ connectorId: connection.connectorId })
  makeConnectionActive(ctx, namespace, connection)
}
