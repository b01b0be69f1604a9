import { createStore, type StoreApi } from 'zustand/vanilla'
import { formatCaipAddress } from '../networks/caip.js'
import type { CaipAddress, CaipNetwork, ChainNamespace } from '../networks/types.js'
import { type AccountState, initialAccountState } from './account.js'

export interface NetworkState {
  caipNetwork: CaipNetwork | undefined
  requestedCaipNetworks: CaipNetwork[] | undefined
}

/** docs/behaviour.md#chain-state-per-namespace. */
export interface ChainState {
  namespace: ChainNamespace
  caipNetworks: CaipNetwork[]
  networkState: NetworkState
  accountState: AccountState
}

export interface ChainStoreState {
  activeChain: ChainNamespace | undefined
  activeCaipNetwork: CaipNetwork | undefined
  chains: Partial<Record<ChainNamespace, ChainState>>
}

export type ChainStore = StoreApi<ChainStoreState>

export function initialNetworkState(caipNetworks: CaipNetwork[] = []): NetworkState {
  return {
    caipNetwork: undefined,
    requestedCaipNetworks: caipNetworks,
  }
}

export function createChainState(
  namespace: ChainNamespace,
  caipNetworks: CaipNetwork[],
): ChainState {
  return {
    namespace,
    caipNetworks,
    networkState: initialNetworkState(caipNetworks),
    accountState: initialAccountState(),
  }
}

export function createChainStore(): ChainStore {
  return createStore<ChainStoreState>()(() => ({
    activeChain: undefined,
    activeCaipNetwork: undefined,
    chains: {},
  }))
}

/** Every network of every namespace, in registration order. */
export function allCaipNetworks(state: ChainStoreState): CaipNetwork[] {
  return Object.values(state.chains).flatMap((chain) => chain?.caipNetworks ?? [])
}

/** True when the active network is not one the app asked for (docs/behaviour.md#views, UnsupportedChain). */
export function isActiveNetworkUnsupported(state: ChainStoreState): boolean {
  const network = state.activeCaipNetwork
  if (!network) return false
  const chain = state.chains[network.chainNamespace]
  const requested = chain?.networkState.requestedCaipNetworks ?? chain?.caipNetworks ?? []
  return !requested.some((known) => known.caipNetworkId === network.caipNetworkId)
}

export function activeAccountState(state: ChainStoreState): AccountState | undefined {
  return state.activeChain ? state.chains[state.activeChain]?.accountState : undefined
}

/**
 * namespace:chainId:address of one namespace's account on that namespace's current network.
 * Derived, never stored, so it cannot fall out of step with the address or the network.
 */
export function selectCaipAddress(
  state: ChainStoreState,
  namespace: ChainNamespace | undefined,
): CaipAddress | undefined {
  const chain = namespace && state.chains[namespace]
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  return chain && address && network
    ? formatCaipAddress(chain.namespace, network.id, address)
    : undefined
}

/** The active namespace's CAIP address (docs/behaviour.md#flows: namespace:id:address of the active network). */
export function selectActiveCaipAddress(state: ChainStoreState): CaipAddress | undefined {
  return selectCaipAddress(state, state.activeChain)
}
