import type { ChainAdapter, ConnectResult } from '../adapters/types.js'
import { UnsupportedNamespaceError } from '../errors/errors.js'
import { reportError } from '../errors/reporter.js'
import { findNetwork, isChainNamespace } from '../networks/caip.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/types.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import type { AccountState } from '../stores/account.js'
import { type ChainStoreState, createChainState } from '../stores/chain.js'
import { findConnection, upsertConnection } from '../stores/connections.js'
import {
  applyConnectorRules,
  type Connector,
  setNamespaceConnectors,
} from '../stores/connectors.js'
import type { LatchStores } from '../stores/index.js'
import { resetAccount, setAccountProp, setChainAccountData } from './account.js'
import {
  applyConnection,
  clearConnection,
  connect,
  disconnect,
  onAccountChanged,
  reconnectOnLoad,
} from './connection.js'
import { type ControllerContext, getAdapter } from './context.js'
import {
  addNetwork,
  onChainChanged,
  removeAdapter,
  removeNetwork,
  setActiveNetwork,
  switchActiveNetwork,
} from './network.js'

export { DISCONNECT_TIMEOUT_MS } from './connection.js'
export { settleWithin } from './context.js'

export interface LatchController {
  readonly stores: LatchStores
  readonly storage: LatchStorage
  /** Registers the adapters' networks and connectors, picks the active network, reconnects. */
  initialize(): Promise<void>
  connect(parameters: { namespace: ChainNamespace; connectorId: string }): Promise<ConnectResult>
  disconnect(parameters?: {
    namespace?: ChainNamespace
    connectorId?: string
    closeModal?: boolean
  }): Promise<void>
  switchActiveNetwork(network: CaipNetwork | undefined): Promise<void>
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): void
  removeNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): Promise<void>
  removeAdapter(namespace: ChainNamespace): void
  resetAccount(namespace: ChainNamespace): void
  setAccountProp<prop extends keyof AccountState>(
    prop: prop,
    value: AccountState[prop],
    chain: ChainNamespace | undefined,
  ): void
  setChainAccountData(chain: ChainNamespace | undefined, data: Partial<AccountState>): void
  /** Reads the active account's native balance into the account state. */
  fetchBalance(namespace?: ChainNamespace): Promise<void>
  getAdapter(namespace: ChainNamespace): ChainAdapter
  /** Stops listening to the adapters. */
  destroy(): void
}

export interface CreateControllerParameters {
  stores: LatchStores
  adapters: ChainAdapter[]
  storage?: LatchStorage | undefined
}

export function createController(parameters: CreateControllerParameters): LatchController {
  const ctx: ControllerContext = {
    stores: parameters.stores,
    adapters: new Map(),
    storage: parameters.storage ?? createLatchStorage(),
  }
  for (const adapter of parameters.adapters) {
    if (!isChainNamespace(adapter.namespace))
      throw reportError(new UnsupportedNamespaceError(String(adapter.namespace)))
    ctx.adapters.set(adapter.namespace, adapter)
  }
  const unsubscribes: (() => void)[] = []

  function registerAdapters(): void {
    const { networks } = ctx.stores.options.getState()
    const chains: ChainStoreState['chains'] = {}
    for (const [namespace, adapter] of ctx.adapters) {
      const listed = networks.filter((n) => n.chainNamespace === namespace)
      chains[namespace] = createChainState(
        namespace,
        listed.length > 0 ? listed : [...adapter.networks],
      )
      setConnectors(namespace, adapter.getConnectors())
      unsubscribes.push(
        adapter.on('connectors', (connectors) => setConnectors(namespace, connectors)),
        adapter.on('accountChanged', (payload) => onAccountChanged(ctx, namespace, payload)),
        adapter.on('switchNetwork', (payload) => {
          onChainChanged(ctx, namespace, payload.chainId)
          const network = ctx.stores.chain.getState().chains[namespace]?.networkState.caipNetwork
          const connection = findConnection(
            ctx.stores.connections.getState(),
            namespace,
            payload.connectorId,
          )
          if (connection)
            upsertConnection(ctx.stores.connections, namespace, {
              ...connection,
              caipNetwork: network,
            })
        }),
        adapter.on('disconnect', (payload) => clearConnection(ctx, namespace, payload.connectorId)),
      )
    }
    ctx.stores.chain.setState({ chains, noAdapters: ctx.adapters.size === 0 })
  }

  function setConnectors(namespace: ChainNamespace, connectors: Connector[]): void {
    const { isMobile, excludeWalletRdns, excludeWalletNames } = ctx.stores.options.getState()
    setNamespaceConnectors(
      ctx.stores.connectors,
      namespace,
      applyConnectorRules(connectors, { isMobile, excludeWalletRdns, excludeWalletNames }),
    )
  }

  function initialNetwork(): CaipNetwork | undefined {
    const state = ctx.stores.chain.getState()
    const all = Object.values(state.chains).flatMap((chain) => chain?.caipNetworks ?? [])
    const stored = ctx.storage.get('activeCaipNetworkId')
    const { defaultNetwork } = ctx.stores.options.getState()
    return (
      (stored ? findNetwork(all, stored) : undefined) ??
      (defaultNetwork ? findNetwork(all, defaultNetwork.caipNetworkId) : undefined) ??
      all[0]
    )
  }

  return {
    stores: ctx.stores,
    storage: ctx.storage,
    async initialize() {
      registerAdapters()
      const network = initialNetwork()
      if (network) setActiveNetwork(ctx, network)
      await reconnectOnLoad(ctx)
    },
    connect: (p) => connect(ctx, p),
    disconnect: (p) => disconnect(ctx, p),
    switchActiveNetwork: (network) => switchActiveNetwork(ctx, network),
    addNetwork: (namespace, network) => addNetwork(ctx, namespace, network),
    removeNetwork: (namespace, id) => removeNetwork(ctx, namespace, id),
    removeAdapter: (namespace) => removeAdapter(ctx, namespace),
    resetAccount: (namespace) => resetAccount(ctx, namespace),
    setAccountProp: (prop, value, chain) => setAccountProp(ctx, prop, value, chain),
    setChainAccountData: (chain, data) => setChainAccountData(ctx, chain, data),
    async fetchBalance(namespace) {
      const state = ctx.stores.chain.getState()
      const chain = namespace ?? state.activeChain
      if (!chain) return
      const chainState = state.chains[chain]
      const address = chainState?.accountState.address
      const network = chainState?.networkState.caipNetwork
      if (!address || !network) return
      const { balance, symbol } = await getAdapter(ctx, chain).getBalance({ address, network })
      setChainAccountData(ctx, chain, { balance, balanceSymbol: symbol })
    },
    getAdapter: (namespace) => getAdapter(ctx, namespace),
    destroy() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
    },
  }
}

export { applyConnection }
