import { createUnknownNetwork, findNetwork } from '../networks/caip.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { type ChainState, initialNetworkState } from '../stores/chain.js'
import { emitEvent } from '../stores/events.js'
import { resetSend } from '../stores/send.js'
import type { ControllerContext } from './context.js'

// State writes shared by the network actions and the adapter event handlers; not actions.

/**
 * Makes `network` the active one: its namespace becomes the active chain and the send form is
 * reset (docs/behaviour.md#flows). No wallet is asked.
 */
export function setActiveNetwork(
  ctx: ControllerContext,
  network: CaipNetwork,
  options: { persist?: boolean } = {},
): void {
  const namespace = network.chainNamespace
  ctx.stores.chain.setState((state) => {
    const chainState = state.chains[namespace]
    if (!chainState) return state
    return {
      activeChain: namespace,
      activeCaipNetwork: network,
      chains: {
        ...state.chains,
        [namespace]: {
          ...chainState,
          networkState: { ...chainState.networkState, caipNetwork: network },
        },
      },
    }
  })
  resetSend(ctx.stores.send)
  if (options.persist !== false) ctx.storage.set('activeCaipNetworkId', network.caipNetworkId)
}

/**
 * The wallet reports it is now on `chainId`. A network the app does not list is kept and named
 * 'Unknown Network'; the 'switchNetwork' event says whether it is supported, and the UI decides
 * whether to show anything (the React modal opens UnsupportedChain).
 */
export function onChainChanged(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  chainId: number | string,
  options: { makeActive?: boolean } = {},
): CaipNetwork | undefined {
  const state = ctx.stores.chain.getState()
  const chainState = state.chains[namespace]
  if (!chainState) return undefined
  const known = findNetwork(chainState.caipNetworks, chainId, namespace)
  const network = known ?? createUnknownNetwork(namespace, chainId)
  if (options.makeActive || state.activeChain === namespace || state.activeChain === undefined)
    setActiveNetwork(ctx, network, { persist: Boolean(known) })
  else
    updateChainState(ctx, namespace, (chain) => ({
      ...chain,
      networkState: { ...chain.networkState, caipNetwork: network },
    }))
  emitEvent(ctx.stores.events, {
    type: 'sdk',
    event: 'switchNetwork',
    properties: { namespace, chainId, caipNetworkId: network.caipNetworkId, supported: !!known },
  })
  return network
}

export function resetNetworkState(ctx: ControllerContext, namespace: ChainNamespace): void {
  updateChainState(ctx, namespace, (chain) => ({
    ...chain,
    networkState: {
      ...initialNetworkState(chain.networkState.requestedCaipNetworks ?? chain.caipNetworks),
      caipNetwork: chain.networkState.caipNetwork,
    },
  }))
}

export function updateChainState(
  ctx: ControllerContext,
  namespace: ChainNamespace,
  update: (chain: ChainState) => ChainState,
): void {
  ctx.stores.chain.setState((state) => {
    const chain = state.chains[namespace]
    if (!chain) return state
    return { chains: { ...state.chains, [namespace]: update(chain) } }
  })
}
