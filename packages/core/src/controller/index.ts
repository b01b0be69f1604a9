import { registerNamespace } from '../adapters/registry.js'
import type { ChainAdapter, ConnectResult } from '../adapters/types.js'
import { UnsupportedNamespaceError } from '../errors/errors.js'
import { createErrorReporting, type ErrorReporting } from '../errors/reporter.js'
import { isChainNamespace } from '../networks/caip.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/types.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import type { AccountState } from '../stores/account.js'
import type { LatchStores } from '../stores/index.js'
import { resetAccount, setAccountProp, setChainAccountData } from './account.js'
import { addNetwork } from './actions/addNetwork.js'
import { type ConnectParameters, connect } from './actions/connect.js'
import {
  type DisconnectParameters,
  type DisconnectResult,
  disconnect,
} from './actions/disconnect.js'
import { fetchBalance } from './actions/fetchBalance.js'
import { reconnect } from './actions/reconnect.js'
import { removeAdapter } from './actions/removeAdapter.js'
import { removeNetwork } from './actions/removeNetwork.js'
import { type SwitchConnectionParameters, switchConnection } from './actions/switchConnection.js'
import { switchNetwork } from './actions/switchNetwork.js'
import { type ControllerContext, getAdapter } from './context.js'
import { setActiveNetwork } from './network.js'
import { initialNetwork, registerAdapters } from './register.js'

export type { ConnectParameters } from './actions/connect.js'
export {
  DISCONNECT_TIMEOUT_MS,
  type DisconnectParameters,
  type DisconnectResult,
} from './actions/disconnect.js'
export {
  type SignMessageParameters,
  type SignMessageResult,
  signMessage,
} from './actions/signMessage.js'
export type { SwitchConnectionParameters } from './actions/switchConnection.js'
export { settleWithin } from './context.js'

/**
 * The headless half of Latch: actions that change the stores and resolve with what happened.
 * It never decides what a UI shows (no modal, no routes); the React layer does.
 */
export interface LatchController {
  readonly stores: LatchStores
  readonly storage: LatchStorage
  /** This instance's error reporting: install a hook with `errors.setReporter`. */
  readonly errors: ErrorReporting
  /** Registers the adapters' networks and connectors, picks the active network, reconnects. */
  initialize(): Promise<void>
  connect(parameters: ConnectParameters): Promise<ConnectResult>
  disconnect(parameters?: DisconnectParameters): Promise<DisconnectResult>
  /** Resolves with the network now active, or undefined when the app does not list it. */
  switchNetwork(network: CaipNetwork | undefined): Promise<CaipNetwork | undefined>
  /** Multi-wallet: makes another connected wallet of a namespace the active one. */
  switchConnection(parameters: SwitchConnectionParameters): Promise<void>
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): void
  removeNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): Promise<void>
  removeAdapter(namespace: ChainNamespace): void
  resetAccount(namespace: ChainNamespace): void
  setAccountProp<prop extends keyof AccountState>(
    prop: prop,
    value: AccountState[prop],
    namespace: ChainNamespace | undefined,
  ): void
  setChainAccountData(namespace: ChainNamespace | undefined, data: Partial<AccountState>): void
  /** Reads the active account's native balance into the account state. */
  fetchBalance(namespace?: ChainNamespace): Promise<{ balance: string; symbol: string } | undefined>
  getAdapter(namespace: ChainNamespace): ChainAdapter
  /** Stops listening to the adapters. */
  destroy(): void
}

export interface CreateControllerParameters {
  stores: LatchStores
  adapters: ChainAdapter[]
  storage?: LatchStorage | undefined
  /** Error reporting of this instance; a fresh one (no hook yet) when absent. */
  errors?: ErrorReporting | undefined
}

export function createController(parameters: CreateControllerParameters): LatchController {
  const ctx: ControllerContext = {
    stores: parameters.stores,
    adapters: new Map(),
    storage: parameters.storage ?? createLatchStorage(),
    errors: parameters.errors ?? createErrorReporting(),
  }
  for (const adapter of parameters.adapters) {
    if (!isChainNamespace(adapter.namespace))
      throw ctx.errors.report(new UnsupportedNamespaceError(String(adapter.namespace)))
    ctx.adapters.set(adapter.namespace, adapter)
    registerNamespace(adapter.traits)
  }
  let stop: (() => void) | undefined

  return {
    stores: ctx.stores,
    storage: ctx.storage,
    errors: ctx.errors,
    async initialize() {
      stop = registerAdapters(ctx)
      const network = initialNetwork(ctx)
      if (network) setActiveNetwork(ctx, network)
      await reconnect(ctx)
    },
    connect: (p) => connect(ctx, p),
    disconnect: (p) => disconnect(ctx, p),
    switchNetwork: (network) => switchNetwork(ctx, network),
    switchConnection: (p) => switchConnection(ctx, p),
    addNetwork: (namespace, network) => addNetwork(ctx, namespace, network),
    removeNetwork: (namespace, id) => removeNetwork(ctx, namespace, id),
    removeAdapter: (namespace) => removeAdapter(ctx, namespace),
    resetAccount: (namespace) => resetAccount(ctx, namespace),
    setAccountProp: (prop, value, namespace) => setAccountProp(ctx, prop, value, namespace),
    setChainAccountData: (namespace, data) => setChainAccountData(ctx, namespace, data),
    fetchBalance: (namespace) => fetchBalance(ctx, namespace),
    getAdapter: (namespace) => getAdapter(ctx, namespace),
    destroy() {
      stop?.()
      stop = undefined
    },
  }
}
