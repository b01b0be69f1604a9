import { NamespaceRequiredError } from '../errors/errors.js'
import { errorMessages } from '../errors/messages.js'
import { reportError } from '../errors/reporter.js'
import { createUnknownNetwork, findNetwork, formatCaipAddress } from '../networks/caip.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/types.js'
import { showAlert } from '../stores/alerts.js'
import { type ChainState, initialNetworkState } from '../stores/chain.js'
import { emitEvent } from '../stores/events.js'
import { goBack, openModal } from '../stores/router.js'
import { resetSend } from '../stores/send.js'
import { type ControllerContext, getAdapter } from './context.js'

/**
 * Makes `network` the active one: its namespace becomes the active chain, the send form is reset
 * and the active address becomes namespace:id:address (seed §4). No wallet is asked.
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
    const { address } = chainState.accountState
    const caipAddress = address ? formatCaipAddress(namespace, network.id, address) : undefined
    return {
      activeChain: namespace,
      activeCaipNetwork: network,
      activeCaipAddress: caipAddress,
      chains: {
        ...state.chains,
        [namespace]: {
          ...chainState,
          networkState: { ...chainState.networkState, caipNetwork: network },
          accountState: { ...chainState.accountState, caipAddress },
        },
      },
    }
  })
  resetSend(ctx.stores.send)
  if (options.persist !== false) ctx.storage.set('activeCaipNetworkId', network.caipNetworkId)
}

/**
 * Switches the app to `network`, asking the connected wallet first when there is one. A network
 * the app does not list shows the not-found alert; a failed wallet switch navigates the modal back.
 */
export async function switchActiveNetwork(
  ctx: ControllerContext,
  network: CaipNetwork | undefined,
): Promise<void> {
  const namespace = network?.chainNamespace
  if (!network || !namespace) throw reportError(new NamespaceRequiredError())
  const adapter = getAdapter(ctx, namespace)
  const chainState = ctx.stores.chain.getState().chains[namespace]
  if (!chainState || !findNetwork(chainState.caipNetworks, network.caipNetworkId)) {
    showAlert(ctx.stores.alerts, errorMessages.networkNotFound, 'error')
    return
  }
  if (chainState.accountState.address) {
    try {
      await adapter.switchNetwork({ network })
    } catch (error) {
      goBack(ctx.stores.router)
      throw error
    }
  }
  setActiveNetwork(ctx, network)
  emitEvent(ctx.stores.events, {
    type: 'track',
    event: 'SWITCH_NETWORK',
    properties: { network: network.caipNetworkId },
  })
}

/**
 * The wallet reports it is now on `chainId`. A network the app does not list is kept, named
 * 'Unknown Network', and (unless the app allows it) opens the UnsupportedChain view.
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
    updateChainState(ctx, namespace, (chain) => {
      const { address } = chain.accountState
      return {
        ...chain,
        networkState: { ...chain.networkState, caipNetwork: network },
        accountState: {
          ...chain.accountState,
          caipAddress: address ? formatCaipAddress(namespace, network.id, address) : undefined,
        },
      }
    })
  const { options: opts } = ctx.stores
  const { enableNetworkSwitch, allowUnsupportedChain, basic } = opts.getState()
  if (!known && enableNetworkSwitch && !allowUnsupportedChain && !basic)
    openModal(ctx.stores.router, 'UnsupportedChain')
  emitEvent(ctx.stores.events, {
    type: 'sdk',
    event: 'switchNetwork',
    properties: { namespace, chainId, caipNetworkId: network.caipNetworkId, supported: !!known },
  })
  return network
}

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

/** Removing the active network switches to the first remaining one (seed §4). */
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
  if (next) await switchActiveNetwork(ctx, next)
}

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
  else
    ctx.stores.chain.setState({
      activeChain: undefined,
      activeCaipNetwork: undefined,
      activeCaipAddress: undefined,
      noAdapters: ctx.adapters.size === 0,
    })
}

export function resetNetworkState(ctx: ControllerContext, namespace: ChainNamespace): void {
  updateChainState(ctx, namespace, (chain) => ({
    ...chain,
    networkState: {
      ...initialNetworkState(chain.networkState.requestedCaipNetworks ?? chain.caipNetworks),
      caipNetwork: chain.networkState.caipNetwork,
      smartAccountEnabledNetworks: chain.networkState.smartAccountEnabledNetworks,
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
