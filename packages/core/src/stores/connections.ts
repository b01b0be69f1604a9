import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { AccountType } from './account.js'

/** docs/behaviour.md#connection. */
export interface Connection {
  connectorId: string
  accounts: { address: string; type?: AccountType | undefined }[]
  caipNetwork?: CaipNetwork | undefined
}

export interface ConnectionsState {
  connections: Partial<Record<ChainNamespace, Connection[]>>
}

export type ConnectionsStore = StoreApi<ConnectionsState>

export function createConnectionsStore(): ConnectionsStore {
  return createStore<ConnectionsState>()(() => ({ connections: {} }))
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** One connection per connector id, matched case-insensitively: a new one replaces the old. */
export function upsertConnection(
  store: ConnectionsStore,
  namespace: ChainNamespace,
  connection: Connection,
): void {
  store.setState((state) => {
    const current = state.connections[namespace] ?? []
    const index = current.findIndex((c) => sameId(c.connectorId, connection.connectorId))
    const next =
      index === -1
        ? [...current, connection]
        : current.map((c, i) => (i === index ? connection : c))
    return { connections: { ...state.connections, [namespace]: next } }
  })
}

export function removeConnection(
  store: ConnectionsStore,
  namespace: ChainNamespace,
  connectorId?: string,
): void {
  store.setState((state) => {
    const current = state.connections[namespace] ?? []
    const next =
      connectorId === undefined ? [] : current.filter((c) => !sameId(c.connectorId, connectorId))
    return { connections: { ...state.connections, [namespace]: next } }
  })
}

export function findConnection(
  state: ConnectionsState,
  namespace: ChainNamespace,
  connectorId: string,
): Connection | undefined {
  return state.connections[namespace]?.find((c) => sameId(c.connectorId, connectorId))
}

export function connectionCount(state: ConnectionsState): number {
  return Object.values(state.connections).reduce((sum, list) => sum + (list?.length ?? 0), 0)
}
