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

/** docs/behaviour.md#wallet-connector. */
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

/**
 * The latest `connect` and how it went, so any UI can show its progress without owning the
 * request: 'rejected' is the user saying no in the wallet, 'failed' anything else.
 */
export interface ConnectAttempt {
  connectorId: string
  namespace: ChainNamespace
  status: 'pending' | 'connected' | 'rejected' | 'failed'
  error?: Error | undefined
}

/** The WalletConnect URI of the connect attempt in progress: a QR code or a wallet's deep link. */
export interface Pairing {
  connectorId: string
  uri: string
  /** When the connector replaces it with a fresh one (ms since the epoch). */
  expiresAt: number
}

export interface ConnectorsState {
  connectors: Connector[]
  activeConnectorIds: Partial<Record<ChainNamespace, string>>
  attempt: ConnectAttempt | undefined
  pairing: Pairing | undefined
}

export type ConnectorsStore = StoreApi<ConnectorsState>

export function createConnectorsStore(): ConnectorsStore {
  return createStore<ConnectorsState>()(() => ({
    connectors: [],
    activeConnectorIds: {},
    attempt: undefined,
    pairing: undefined,
  }))
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

export interface ConnectorRules {
  isMobile: boolean
  excludeWalletRdns: readonly string[]
  excludeWalletNames: readonly string[]
}

/** The generic EIP-1193 connector's display name (legacy `window.ethereum`). */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

/**
 * docs/behaviour.md#validation connector list rules: 'Trust Wallet' is shown as 'Trust'; wallets excluded by rdns or
 * name are dropped; the generic 'Browser Wallet' is hidden on desktop when no wallet was detected
 * (on mobile it stays, as in-app browsers inject late).
 */
export function applyConnectorRules(connectors: Connector[], rules: ConnectorRules): Connector[] {
  const excludedRdns = new Set(rules.excludeWalletRdns.map((r) => r.toLowerCase()))
  const excludedNames = new Set(rules.excludeWalletNames.map((n) => n.toLowerCase()))
  return connectors
    .filter((c) => {
      const rdns = c.info?.rdns?.toLowerCase()
      if (rdns && excludedRdns.has(rdns)) return false
      if (
        excludedNames.has(c.name.toLowerCase()) ||
        (c.info?.name && excludedNames.has(c.info.name.toLowerCase()))
      )
        return false
      if (c.type === 'INJECTED' && c.name === BROWSER_WALLET_NAME && !rules.isMobile && !c.provider)
        return false
      return true
    })
    .map((c) => (c.name === 'Trust Wallet' ? { ...c, name: 'Trust' } : c))
}
