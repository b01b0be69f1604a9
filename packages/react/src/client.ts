import {
  type ApiClient,
  type AuthConnector,
  type CaipNetwork,
  type ChainAdapter,
  createApiClient,
  createController,
  createLatchStorage,
  createStores,
  createTransactionsStore,
  defaultFeatures,
  emitEvent,
  type Features,
  type LatchController,
  LatchError,
  type LatchStorage,
  type LatchStores,
  type OptionsState,
  type ProviderServices,
  startProviderServices,
  type TransactionsStore,
} from '@latch/core'
import type { SiwxConfig } from '@latch/core/siwx'
import { en, type Messages } from './messages.js'
import { notify } from './notify.js'
import type { ThemeVariables } from './theme/styles.js'
import { SDK_TYPE, SDK_VERSION, type WalletsClient, walletsOf } from './wallets/client.js'

/** docs/behaviour.md#validation: the two sign-in options exclude each other. */
export const SIWX_AND_SIWE_MESSAGE = 'Sign-in config may not set both siweConfig and siwx'

export type ThemeMode = 'light' | 'dark'

export interface LatchConfig {
  /** The project id issued by a Latch server (`npm run project -- create`). */
  projectId: string
  /** Base URL of the Latch server that serves catalogue, config and history. */
  serverUrl: string
  /** Chain adapters (e.g. `createEvmAdapter` from `@latch/core/evm`). */
  adapters?: ChainAdapter[] | undefined
  networks?: CaipNetwork[] | undefined
  /**
   * Email sign-in through the embedded wallet (`createAuthConnector` from `@latch/frame/connector`);
   * its `connector` must also be passed to the EVM adapter. No email field when absent.
   */
  auth?: AuthConnector | undefined
  defaultNetwork?: CaipNetwork | undefined
  features?: Partial<Features> | undefined
  /** Fixed theme; the OS preference is followed when absent. */
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  /** Nonce for the `<style>` elements Latch injects (a CSP without `'unsafe-inline'`). */
  nonce?: string | undefined
  /** False when the app imports `@latch/react/styles.css` itself: no `<style>` is injected. */
  injectStyles?: boolean | undefined
  messages?: Messages | undefined
  /** Render the modal where <LatchProvider> is placed instead of appending it to document.body. */
  enableEmbedded?: boolean | undefined
  disableAppend?: boolean | undefined
  /** Catalogue wallet ids shown in the Featured section, in this order. */
  featuredWalletIds?: string[] | undefined
  /** Extra wallets of the Custom section: links to their websites. */
  customWallets?: { id: string; name: string; homepage: string; imageUrl?: string }[] | undefined
  /** Order of the Connect view's sections (docs/behaviour.md#limits order when absent). */
  connectorOrder?:
    | (
        | 'walletConnect'
        | 'recent'
        | 'injected'
        | 'featured'
        | 'custom'
        | 'external'
        | 'recommended'
      )[]
    | undefined
  /**
   * Sign in with the wallet after connecting (docs/siwx.md): `createLatchSiwx` from
   * `@latch/core/siwx` for the Latch server, or the app's own backend.
   */
  siwx?: SiwxConfig | undefined
  /** The reference's older sign-in option; refused together with `siwx`. */
  siweConfig?: unknown
  /** History page size asked of the server (its default when absent). */
  historyPageSize?: number | undefined
  options?: Partial<OptionsState> | undefined
  storage?: LatchStorage | undefined
  /**
   * Origin check, remote config, analytics and error reports against the server (default on).
   * Off for a page whose server is not a Latch server, such as a view's unit test.
   */
  providerServices?: boolean | undefined
}

/** Everything a page needs, made once: stores, controller, history. */
export interface LatchClient {
  readonly config: LatchConfig
  readonly stores: LatchStores
  readonly controller: LatchController
  readonly history: TransactionsStore
  readonly messages: Messages
  /** The one HTTP client of the Latch server: catalogue, history and provider services. */
  readonly api: ApiClient
  /** The server's wallet catalogue (the catalogue methods of `api`). */
  readonly wallets: WalletsClient
  /** The embedded wallet's email sign-in, when configured. */
  readonly auth: AuthConnector | undefined
  /** Initializes once, however many times it is called (StrictMode mounts twice). */
  initialize(): Promise<void>
  /** Origin check, remote config, analytics and error reports; set once `initialize` ran. */
  readonly providerServices: Promise<ProviderServices> | undefined
}

export function createLatchClient(config: LatchConfig): LatchClient {
  if (config.siwx && config.siweConfig) throw new LatchError(SIWX_AND_SIWE_MESSAGE)
  const adapters = config.adapters ?? []
  const networks = config.networks ?? adapters.flatMap((a) => [...a.networks])
  const stores = createStores({
    projectId: config.projectId,
    networks,
    defaultNetwork: config.defaultNetwork,
    features: { ...defaultFeatures, ...config.features },
    ...config.options,
  })
  const storage = config.storage ?? createLatchStorage()
  const controller = createController({ stores, adapters, storage })
  const api = createApiClient({
    baseUrl: config.serverUrl,
    projectId: config.projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
  })
  const history = createTransactionsStore({
    fetchPage: (args) => api.getHistory({ ...args, limit: config.historyPageSize }),
    track: (event) => emitEvent(stores.events, event),
    showError: (message) => notify(stores, message, 'error'),
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
  return {
    config,
    stores,
    controller,
    history,
    messages: config.messages ?? en,
    api,
    wallets: walletsOf(api),
    auth: config.auth,
    get providerServices() {
      return providerServices
    },
    initialize() {
      // The provider services only raise alerts and merge flags: the wallet need not wait.
      if (config.providerServices !== false)
        providerServices ??= startProviderServices({
          api,
          stores,
          baseUrl: config.serverUrl,
          projectId: config.projectId || undefined,
          pageOrigin: typeof window === 'undefined' ? '' : window.location.origin,
          localFeatures: config.features,
        }).then((services) => {
          // This client's controller reports its errors to this client's server, and only there.
          controller.errors.setReporter((report) => {
            void services.errorReports()?.then((client) => client.reporter(report))
          })
          return services
        })
      initializing ??= controller.initialize()
      return initializing
    },
  }
}
