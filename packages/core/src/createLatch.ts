import type { ChainAdapter } from './adapters/types.js'
import { type ApiClient, createApiClient } from './api/client.js'
import type { AuthConnector } from './auth/index.js'
import { checkFeatureFlags, type LegalLinks } from './controller/flags.js'
import { createController, type LatchController } from './controller/index.js'
import { detectMobile } from './controller/mobile.js'
import type { CaipNetwork } from './networks/types.js'
import { type ProviderServices, startProviderServices } from './providerServices/session.js'
import type { SiwxConfig } from './siwx/types.js'
import { createLatchStorage, type LatchStorage } from './storage/storage.js'
import { showAlert } from './stores/alerts.js'
import { emitEvent } from './stores/events.js'
import type { LatchStores } from './stores/index.js'
import { createStores } from './stores/index.js'
import { defaultFeatures, type Features, type OptionsState } from './stores/options.js'
import { createTransactionsStore, type TransactionsStore } from './transactions/store.js'
import { startLazily } from './watchers/startLazily.js'
import { watchUnsupportedChain } from './watchers/watchUnsupportedChain.js'

/** What `createLatch` needs: the server, the chains, and the app's options. */
export interface CreateLatchParameters extends LegalLinks {
  /** The project id issued by a Latch server (`npm run project -- create`). */
  projectId: string
  /** Base URL of the Latch server that serves catalogue, config and history. */
  serverUrl: string
  /** Chain adapters (e.g. `createEvmAdapter` from `@latch/core/evm`). */
  adapters?: ChainAdapter[] | undefined
  networks?: CaipNetwork[] | undefined
  /**
   * Email sign-in through the embedded wallet (`createAuthConnector` from `@latch/frame/connector`);
   * its `connector` must also be passed to the EVM adapter.
   */
  auth?: AuthConnector | undefined
  defaultNetwork?: CaipNetwork | undefined
  features?: Partial<Features> | undefined
  /**
   * Sign in with the wallet after connecting (docs/siwx.md): `createLatchSiwx` from
   * `@latch/core/siwx` for the Latch server, or the app's own backend.
   */
  siwx?: SiwxConfig | undefined
  /** History page size asked of the server (its default when absent). */
  historyPageSize?: number | undefined
  options?: Partial<OptionsState> | undefined
  storage?: LatchStorage | undefined
  /**
   * Origin check, remote config, analytics and error reports against the server (default on).
   * Off for a page whose server is not a Latch server, such as a unit test.
   */
  providerServices?: boolean | undefined
}

/** The SDK a wrapper (such as `@latch/react`) reports to the server in its requests. */
export interface LatchSdk {
  sdkType?: string | undefined
  sdkVersion?: string | undefined
}

/** Everything a page needs, made once: stores, controller, API client, history. */
export interface Latch<C extends CreateLatchParameters = CreateLatchParameters> {
  readonly config: C
  readonly stores: LatchStores
  readonly controller: LatchController
  readonly history: TransactionsStore
  /** The one HTTP client of the Latch server: catalogue, history and provider services. */
  readonly api: ApiClient
  /** The embedded wallet's email sign-in, when configured. */
  readonly auth: AuthConnector | undefined
  /**
   * Starts the watchers (unsupported chain, sign-in, identity, balances, history): call it
   * before `initialize` so that a reconnect is seen too. Returns the function that stops them.
   */
  mount(): () => void
  /** Registers the adapters and reconnects; runs once, however many times it is called. */
  initialize(): Promise<void>
  /** Origin check, remote config, analytics and error reports; set once `initialize` ran. */
  readonly providerServices: Promise<ProviderServices> | undefined
}

/**
 * Builds one page's Latch (as wagmi's `createConfig`): the stores, the controller over the
 * adapters, the server's API client, the history store and, on `initialize`, the provider
 * services. Nothing here needs React.
 */
export function createLatch<C extends CreateLatchParameters>(
  config: C,
  sdk: LatchSdk = {},
): Latch<C> {
  const adapters = config.adapters ?? []
  const networks = config.networks ?? adapters.flatMap((a) => [...a.networks])
  const stores = createStores({
    projectId: config.projectId,
    networks,
    defaultNetwork: config.defaultNetwork,
    features: { ...defaultFeatures, ...config.features },
    isMobile: detectMobile(),
    termsConditionsUrl: config.termsConditionsUrl,
    privacyPolicyUrl: config.privacyPolicyUrl,
    ...config.options,
  })
  // After the merge, so a flag or link given through `options` is checked too. In development
  // only: production pages do not carry the check before their first paint; the links are
  // checked again where they are shown (the legal checkbox).
  if (process.env.NODE_ENV !== 'production') {
    const options = stores.options.getState()
    checkFeatureFlags(options.features, options)
  }
  const storage = config.storage ?? createLatchStorage()
  const controller = createController({ stores, adapters, storage })
  const api = createApiClient({
    baseUrl: config.serverUrl,
    projectId: config.projectId,
    sdkType: sdk.sdkType,
    sdkVersion: sdk.sdkVersion,
  })
  const history = createTransactionsStore({
    fetchPage: (args) => api.getHistory({ ...args, limit: config.historyPageSize }),
    track: (event) => emitEvent(stores.events, event),
    // docs/behaviour.md#errors: each distinct message shows once per page session.
    showError: (message) => showAlert(stores.alerts, message, 'error', { once: message }),
    projectId: () => config.projectId,
    isSmartAccount: () => {
      const { activeChain, chains } = stores.chain.getState()
      return activeChain
        ? chains[activeChain]?.accountState.preferredAccountType === 'smartAccount'
        : false
    },
  })
  let initializing: Promise<void> | undefined
  let providerServices: Promise<ProviderServices> | undefined
  const latch: Latch<C> = {
    config,
    stores,
    controller,
    history,
    api,
    auth: config.auth,
    get providerServices() {
      return providerServices
    },
    mount: () => mountWatchers(latch),
    initialize() {
      // The provider services only raise alerts and merge flags: the wallet need not wait.
      if (config.providerServices !== false)
        providerServices ??= startProviderServices({
          api,
          stores,
          baseUrl: config.serverUrl,
          projectId: config.projectId || undefined,
          pageOrigin: (globalThis as { location?: { origin: string } }).location?.origin ?? '',
          localFeatures: config.features,
        }).then((services) => {
          // This page's controller reports its errors to this page's server, and only there.
          controller.errors.setReporter((report) => {
            void services.errorReports()?.then((client) => client.reporter(report))
          })
          return services
        })
      initializing ??= controller.initialize()
      return initializing
    },
  }
  return latch
}

function mountWatchers(latch: Latch): () => void {
  const stops = [
    watchUnsupportedChain(latch),
    // The secure frame's alerts ('iframe_load_failed', 'iframe_request_timeout', 'Action not
    // allowed') on the one alert surface, in the frame's sentence, each code once per session.
    latch.auth?.onAlert?.((alert, message) =>
      showAlert(latch.stores.alerts, message, 'error', { once: alert }),
    ),
    // Balance, history, names and sign-in act on a connected account: their code loads on the
    // first connection, so a page nobody connects on never fetches it.
    startLazily(
      () => import('./watchers/watchConnected.js'),
      ({ watchConnected }) => watchConnected(latch),
      {
        chain: latch.stores.chain,
        ready: (state) =>
          Object.values(state.chains).some((chain) => chain?.accountState.status === 'connected'),
      },
    ),
  ]
  return () => {
    for (const stop of stops) stop?.()
  }
}
