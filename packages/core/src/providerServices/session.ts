import { type ApiClient, createApiClient } from '../api/client.js'
import type { LatchStores } from '../stores/index.js'
import { providerAlerts, raiseProviderAlert } from './alerts.js'
import type { AnalyticsClient } from './analytics.js'
import type { ErrorReportClient } from './errorReports.js'
import { checkOrigin } from './origins.js'
import { loadRemoteFeatures, type RemoteFeatures } from './remoteConfig.js'

export interface ProviderServicesOptions {
  stores: Pick<LatchStores, 'alerts' | 'options' | 'events'>
  /** The Latch server. */
  baseUrl: string
  /** Undefined raises 'project id not configured' and makes no request. */
  projectId: string | undefined
  /** `window.location.origin`. */
  pageOrigin: string
  /** The flags the app set itself (not the defaults): the override notice names these. */
  localFeatures?: Partial<RemoteFeatures> | undefined
  /** The app's one API client; made from `baseUrl`, `sdkVersion` and `fetch` when absent. */
  api?: ApiClient | undefined
  /** Error reporting is on by default (docs/behaviour.md#limits). */
  errorReports?: boolean | undefined
  sdkVersion?: string | undefined
  fetch?: typeof fetch | undefined
  logger?: Pick<Console, 'warn'> | undefined
}

export interface ProviderServices {
  api: ApiClient | undefined
  /** Loaded on the first tracked event while analytics are on; never when they are off. */
  analytics: () => Promise<AnalyticsClient> | undefined
  /** Loaded on the first reported error. */
  errorReports: () => Promise<ErrorReportClient> | undefined
  /** The merged flags, also written to `stores.options.features`. */
  features: RemoteFeatures | undefined
  /** Disconnects analytics and the error reporter. */
  stop(): void
}

/**
 * Everything a page does with the provider services on start: origin check (alert), remote
 * config (merged into the options store, override notice), analytics wired to the events store
 * (gated by `features.analytics`, read live) and error reports. Alerts go to the alerts store.
 */
export async function startProviderServices(
  options: ProviderServicesOptions,
): Promise<ProviderServices> {
  const { stores, logger } = options
  const raise = (alert: Parameters<typeof raiseProviderAlert>[1]) =>
    raiseProviderAlert(stores.alerts, alert, logger)
  if (!options.projectId) {
    raise(providerAlerts.projectIdNotConfigured())
    return {
      api: undefined,
      analytics: () => undefined,
      errorReports: () => undefined,
      features: undefined,
      stop() {},
    }
  }
  const api =
    options.api ??
    createApiClient({
      baseUrl: options.baseUrl,
      projectId: options.projectId,
      sdkVersion: options.sdkVersion,
      fetch: options.fetch,
    })
  const [originAlert, remote] = await Promise.all([
    checkOrigin({ api, projectId: options.projectId, pageOrigin: options.pageOrigin }),
    loadRemoteFeatures({ api, local: options.localFeatures ?? {}, logger }),
  ])
  if (originAlert) raise(originAlert)
  for (const alert of remote.alerts) raise(alert)
  stores.options.setState((state) => ({ features: { ...state.features, ...remote.features } }))

  // Analytics and error reports load on first use: a page that never tracks an event or hits
  // an error never fetches their code, which keeps them out of the bytes before the first click.
  let analytics: Promise<AnalyticsClient> | undefined
  const analyticsEnabled = () => stores.options.getState().features.analytics
  const loadAnalytics = () =>
    (analytics ??= import('./analytics.js').then((m) =>
      m.createAnalyticsClient({ api, enabled: analyticsEnabled }),
    ))
  const disconnectAnalytics = stores.events.subscribe((state, previous) => {
    const last = state.last
    if (!last || last === previous.last || last.type !== 'track' || !analyticsEnabled()) return
    void loadAnalytics().then((client) =>
      client.track({ event: last.event, properties: last.properties }),
    )
  })
  let errorReports: Promise<ErrorReportClient> | undefined
  const loadErrorReports = () =>
    (errorReports ??= import('./errorReports.js').then((m) =>
      m.createErrorReportClient({ api, enabled: options.errorReports ?? true }),
    ))
  return {
    api,
    analytics: () => (analyticsEnabled() ? loadAnalytics() : undefined),
    errorReports: () => (options.errorReports === false ? undefined : loadErrorReports()),
    features: remote.features,
    stop() {
      disconnectAnalytics()
    },
  }
}
