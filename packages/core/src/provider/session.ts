import { createProviderApi, type ProviderApi } from '../api/client.js'
import { setErrorReporter } from '../errors/reporter.js'
import type { LatchStores } from '../stores/index.js'
import { providerAlerts, raiseProviderAlert } from './alerts.js'
import { type AnalyticsClient, createAnalyticsClient } from './analytics.js'
import { createErrorReportClient, type ErrorReportClient } from './errorReports.js'
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
  /** Error reporting is on by default (seed §9). */
  errorReports?: boolean | undefined
  sdkVersion?: string | undefined
  fetch?: typeof fetch | undefined
  logger?: Pick<Console, 'warn'> | undefined
}

export interface ProviderServices {
  api: ProviderApi | undefined
  analytics: AnalyticsClient | undefined
  errorReports: ErrorReportClient | undefined
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
      analytics: undefined,
      errorReports: undefined,
      features: undefined,
      stop() {},
    }
  }
  const api = createProviderApi({
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
  const { branding: _branding, ...flags } = remote.features
  stores.options.setState((state) => ({ features: { ...state.features, ...flags } }))

  const analytics = createAnalyticsClient({
    api,
    enabled: () => stores.options.getState().features.analytics,
  })
  const disconnectAnalytics = analytics.connect(stores.events)
  const errorReports = createErrorReportClient({ api, enabled: options.errorReports ?? true })
  setErrorReporter(errorReports.reporter)
  return {
    api,
    analytics,
    errorReports,
    features: remote.features,
    stop() {
      disconnectAnalytics()
      setErrorReporter(undefined)
    },
  }
}
