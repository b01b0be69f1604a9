import { registerNamespace } from '../adapters/registry.js'
import type { ChainAdapter } from '../adapters/types.js'
import { UnsupportedNamespaceError } from '../errors/errors.js'
import { createErrorReporting, type ErrorReporting } from '../errors/reporter.js'
import { isChainNamespace } from '../networks/caip.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import type { LatchStores } from '../stores/index.js'
import { resetAccount, setAccountProp, setChainAccountData } from './account.js'
import { addNetwork } from './actions/addNetwork.js'
import { connect } from './actions/connect.js'
import { disconnect } from './actions/disconnect.js'
import { fetchBalance } from './actions/fetchBalance.js'
import { reconnect } from './actions/reconnect.js'
import { removeAdapter } from './actions/removeAdapter.js'
import { removeNetwork } from './actions/removeNetwork.js'
import { switchConnection } from './actions/switchConnection.js'
import { switchNetwork } from './actions/switchNetwork.js'
import { type ControllerContext, getAdapter } from './context.js'
import { setActiveNetwork } from './network.js'
import { initialNetwork, registerAdapters } from './register.js'
import type { LatchController } from './types.js'

export type { ConnectParameters } from './actions/connect.js'
export {
  DISCONNECT_TIMEOUT_MS,
  type DisconnectParameters,
  type DisconnectResult,
} from './actions/disconnect.js'
export type { SwitchConnectionParameters } from './actions/switchConnection.js'
export { settleWithin } from './context.js'
export { checkFeatureFlags, InvalidOptionError, type LegalLinks } from './flags.js'
export { isHttpLink } from './links.js'
export { detectMobile } from './mobile.js'
export type { LatchController } from './types.js'

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
