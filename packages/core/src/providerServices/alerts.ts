import { errorMessages } from '../errors/messages.js'
import { coreLog } from '../logger/sink.js'
import { type AlertsStore, type AlertVariant, showAlert } from '../stores/alerts.js'

/** An alert of docs/behaviour.md#errors the provider checks can raise; `code` also keys "show once". */
export interface ProviderAlert {
  code:
    | 'PROJECT_ID_NOT_CONFIGURED'
    | 'INVALID_PROJECT_ID'
    | 'ORIGIN_NOT_ALLOWED'
    | 'RATE_LIMITED'
    | 'SERVER_ERROR'
    | 'LOCAL_CONFIG_OVERRIDDEN'
    | 'MULTI_WALLET_NOT_ENABLED'
    // The WalletConnect relay's refusals (adapters/walletConnect/relayRefusals.ts, loaded with
    // the SDK): other codes than the Latch server's, so each is shown once on its own.
    | 'RELAY_PROJECT_ID_NOT_CONFIGURED'
    | 'RELAY_INVALID_PROJECT_ID'
    | 'RELAY_ORIGIN_NOT_ALLOWED'
    | 'RELAY_JWT_NOT_VALID'
  variant: AlertVariant
  /** What the user sees. */
  message: string
  /** What the developer needs, for the console. */
  debugMessage: string
}

export const providerAlerts = {
  projectIdNotConfigured: (): ProviderAlert => ({
    code: 'PROJECT_ID_NOT_CONFIGURED',
    variant: 'error',
    message: 'Project ID Not Configured',
    debugMessage:
      'No project id: create one with `npm run project -- create --name … --origin …` and pass it to the app.',
  }),
  invalidProjectId: (projectId: string): ProviderAlert => ({
    code: 'INVALID_PROJECT_ID',
    variant: 'error',
    message: 'Invalid Project ID',
    debugMessage: `The server knows no project "${projectId}". List projects with \`npm run project -- list\`.`,
  }),
  originNotAllowed: (origin: string): ProviderAlert => ({
    code: 'ORIGIN_NOT_ALLOWED',
    variant: 'error',
    message: 'Origin Not Allowed',
    debugMessage: `${origin} is not on the project's allowed origins; add it with \`npm run project -- update --id … --origin ${origin}\`.`,
  }),
  rateLimited: (): ProviderAlert => ({
    code: 'RATE_LIMITED',
    variant: 'error',
    message: 'Rate Limited',
    debugMessage: 'The server rate-limited the app configuration request (HTTP 429).',
  }),
  serverError: (detail: string): ProviderAlert => ({
    code: 'SERVER_ERROR',
    variant: 'error',
    message: 'Server Error',
    debugMessage: `Failed to fetch the app configuration: ${detail}`,
  }),
  localConfigOverridden: (keys: readonly string[]): ProviderAlert => ({
    code: 'LOCAL_CONFIG_OVERRIDDEN',
    variant: 'warning',
    message: 'Local configuration ignored',
    debugMessage: `Your local configuration for ${keys.map((k) => `"features.${k}"`).join(', ')} was ignored because the project's remote configuration sets it. Change these flags on the project instead (npm run project -- update --features …).`,
  }),
  multiWalletNotEnabled: (): ProviderAlert => ({
    code: 'MULTI_WALLET_NOT_ENABLED',
    variant: 'info',
    message: errorMessages.multiWalletNotEnabled,
    debugMessage: 'Connecting more than one wallet needs the multiWallet flag on the project.',
  }),
} as const

/** Shows the alert once per session (docs/behaviour.md#errors: each shown once) and logs its debug message. */
export function raiseProviderAlert(
  store: AlertsStore,
  alert: ProviderAlert,
  logger: Pick<Console, 'warn'> = coreLog,
): void {
  logger.warn(`[Latch] ${alert.message}: ${alert.debugMessage}`)
  showAlert(store, alert.message, alert.variant, { once: alert.code })
}
