import type { ChainNamespace } from '../../networks/types.js'
import { type ControllerContext, getAdapter } from '../context.js'
import { setActiveNetwork } from '../network.js'

/** Drops a namespace entirely; another chain becomes active, or none when it was the last. */
export function removeAdapter(ctx: ControllerContext, namespace: ChainNamespace): void {
  getAdapter(ctx, namespace).destroy?.()
  ctx.adapters.delete(namespace)
  ctx.stores.chain.setState((state) => {
    const { [namespace]: _removed, ...chains } = state.chains
    return { chains }
  })
  ctx.stores.connectors.setState((state) => {
    const { [namespace]: _removed, ...activeConnectorIds } = state.activeConnectorIds
    return {
      connectors: state.connectors.filter((c) => c.chain !== namespace),
      activeConnectorIds,
    }
  })
  ctx.stores.connections.setState((state) => {
    const { [namespace]: _removed, ...connections } = state.connections
    return { connections }
  })
  const state = ctx.stores.chain.getState()
  if (state.activeChain !== namespace) return
  const nextChain = Object.values(state.chains).find((chain) => chain !== undefined)
  const nextNetwork = nextChain?.networkState.caipNetwork ?? nextChain?.caipNetworks[0]
  if (nextNetwork) setActiveNetwork(ctx, nextNetwork)
  else ctx.stores.chain.setState({ activeChain: undefined, activeCaipNetwork: undefined })
}
