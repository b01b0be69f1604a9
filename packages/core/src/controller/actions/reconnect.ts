import type { ConnectResult } from '../../adapters/types.js'
import { setChainAccountData } from '../account.js'
import { applyConnection, persistConnections } from '../connection.js'
import type { ControllerContext } from '../context.js'

/**
 * Start-up (docs/behaviour.md#flows): with reconnect enabled, connections the wallets still authorise are
 * restored; otherwise, or when none is left, every namespace is disconnected. Resolves with the
 * restored connections.
 */
export async function reconnect(ctx: ControllerContext): Promise<ConnectResult[]> {
  const { enableReconnect } = ctx.stores.options.getState()
  const wasDisconnected = ctx.storage.get('connectionStatus') === 'disconnected'
  const restored: ConnectResult[] = []
  for (const [namespace, adapter] of ctx.adapters) {
    if (!enableReconnect || wasDisconnected) {
      setChainAccountData(ctx, namespace, { status: 'disconnected' })
      continue
    }
    setChainAccountData(ctx, namespace, { status: 'reconnecting' })
    const results = await adapter.reconnect().catch((error: unknown) => {
      ctx.errors.report(error)
      return [] as ConnectResult[]
    })
    if (results.length === 0) {
      setChainAccountData(ctx, namespace, { status: 'disconnected' })
      continue
    }
    const activeChain = ctx.stores.chain.getState().activeChain
    // The wallet that was active before the reload is applied last, so it is active again.
    const wasActive = ctx.storage.get('connectedConnectorIds')?.[namespace]?.toLowerCase()
    const ordered = [
      ...results.filter((r) => r.connectorId.toLowerCase() !== wasActive),
      ...results.filter((r) => r.connectorId.toLowerCase() === wasActive),
    ]
    for (const result of ordered)
      applyConnection(ctx, namespace, result, { makeActive: activeChain === namespace })
    const last = ordered[ordered.length - 1]
    if (ordered.length > 1 && last)
      await adapter.switchConnection?.({ connectorId: last.connectorId }).catch(() => {})
    restored.push(...results)
  }
  persistConnections(ctx)
  return restored
}
