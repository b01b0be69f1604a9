import type { ChainNamespace } from '../../networks/types.js'
import { clearConnection } from '../connection.js'
import { type ControllerContext, getAdapter, settleWithin } from '../context.js'

/** docs/behaviour.md#flows, #limits: disconnect resolves after at most 3 seconds, whatever the wallet does. */
export const DISCONNECT_TIMEOUT_MS = 3_000

export interface DisconnectParameters {
  /** One namespace; every connected one when absent. */
  namespace?: ChainNamespace | undefined
  /** One connection of that namespace; all of them when absent. */
  connectorId?: string | undefined
}

export interface DisconnectResult {
  /** The namespaces whose connections were cleared. */
  namespaces: ChainNamespace[]
}

/**
 * Disconnects one namespace (or every connected one). The wallet gets DISCONNECT_TIMEOUT_MS to
 * answer; the local state is cleared either way. The last connection going emits 'disconnect'.
 */
export async function disconnect(
  ctx: ControllerContext,
  parameters: DisconnectParameters = {},
): Promise<DisconnectResult> {
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
  return { namespaces }
}
