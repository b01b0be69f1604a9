import type { ChainAdapter, ConnectResult } from '../adapters/types.js'
import type { ErrorReporting } from '../errors/reporter.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../networks/types.js'
import type { LatchStorage } from '../storage/storage.js'
import type { AccountState } from '../stores/account.js'
import type { LatchStores } from '../stores/index.js'
import type { ConnectParameters } from './actions/connect.js'
import type { DisconnectParameters, DisconnectResult } from './actions/disconnect.js'
import type { SwitchConnectionParameters } from './actions/switchConnection.js'

// Apart from createController (index.ts) so that the free-function actions, which index.ts
// re-exports, can name the controller they take without importing index.ts back.

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
  fetchBalance(
    namespace?: ChainNamespace,
  ): Promise<{ balance: string; symbol: string; pending?: string | undefined } | undefined>
  getAdapter(namespace: ChainNamespace): ChainAdapter
  /** Stops listening to the adapters. */
  destroy(): void
}
