import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

export type ConnectorType =
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'ANNOUNCED'
  | 'INJECTED'
  | 'WALLET_CONNECT'
  | 'EXTERNAL'
  | 'ID_AUTH'

/** Seed §3 "Wallet connector". */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  chains?: CaipNetwork[] | undefined
  imageUrl?: string | undefined
  imageId?: string | undefined
  provider?: unknown
  info?:
    | { rdns?: string | undefined; name?: string | undefined; icon?: string | undefined }
    | undefined
  explorerId?: string | undefined
  /** A MULTI_CHAIN connector groups one connector per namespace. */
  connectors?: Connector[] | undefined
}

export interface ConnectorsState {
  connectors: Connector[]
  activeConnectorIds: Partial<Record<ChainNamespace, string>>
}

export type ConnectorsStore = StoreApi<ConnectorsState>

export function createConnectorsStore(): ConnectorsStore {
  return createStore<ConnectorsState>()(() => ({ connectors: [], activeConnectorIds: {} }))
}

/** Replaces one namespace's connectors, keeping the others (each adapter owns its namespace). */
export function setNamespaceConnectors(
  store: ConnectorsStore,
  namespace: ChainNamespace,
  connectors: Connector[],
): void {
  store.setState((state) => ({
    connectors: [...state.connectors.filter((c) => c.chain !== namespace), ...connectors],
  }))
}
