import { findNetwork } from '../../networks/caip.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { type ControllerContext, getAdapter } from '../context.js'
import { updateChainState } from '../network.js'

/** Lists one more network for a namespace that has an adapter; a listed one is left as is. */
export function addNetwork(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  network: CaipNetwork,
): void {
  getAdapter(ctx, namespace)
  updateChainState(ctx, namespace, (chain) =>
    findNetwork(chain.caipNetworks, network.caipNetworkId)
      ? chain
      : { ...chain, caipNetworks: [...chain.caipNetworks, network] },
  )
}
