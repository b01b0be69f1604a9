import type { CaipNetworkId, ChainNamespace } from '../../networks/types.js'
import { type ControllerContext, getAdapter } from '../context.js'
import { updateChainState } from '../network.js'
import { switchNetwork } from './switchNetwork.js'

/** Removing the active network switches to the first remaining one (docs/behaviour.md#flows). */
export async function removeNetwork(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  caipNetworkId: CaipNetworkId,
): Promise<void> {
  getAdapter(ctx, namespace)
  updateChainState(ctx, namespace, (chain) => ({
    ...chain,
    caipNetworks: chain.caipNetworks.filter((n) => n.caipNetworkId !== caipNetworkId),
  }))
  const state = ctx.stores.chain.getState()
  if (state.activeCaipNetwork?.caipNetworkId !== caipNetworkId) return
  const next =
    state.chains[namespace]?.caipNetworks[0] ??
    Object.values(state.chains).find((chain) => chain && chain.caipNetworks.length > 0)
      ?.caipNetworks[0]
  if (next) await switchNetwork(ctx, next)
}
