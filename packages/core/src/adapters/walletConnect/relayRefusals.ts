/**
 * The WalletConnect relay's refusals, as the universal provider reports them, turned into the
 * alerts of docs/behaviour.md#errors. Loaded with the SDK (session.ts), never on first load.
 *
 * The hosted relay upgrades the socket and closes it with code 3000 and a reason; the SDK then
 * emits "WebSocket connection closed abnormally with code: 3000 (<reason>)" as a relayer error.
 * The reason is matched here, and only the alert's own words reach the visitor: the SDK's text
 * goes to the console, for the developer.
 */
import type { ProviderAlert } from '../../providerServices/alerts.js'

interface Refusal {
  /** The relay's reason, in any of the wordings it has used. */
  reason: RegExp
  alert(projectId: string, origin: string): ProviderAlert
}

const REFUSALS: readonly Refusal[] = [
  {
    reason: /origin not allowed/i,
    alert: (_projectId, origin) => ({
      code: 'RELAY_ORIGIN_NOT_ALLOWED',
      variant: 'error',
      message: 'Origin Not Allowed',
      debugMessage: `The WalletConnect relay refused ${origin}: add it to the allowed origins of the WalletConnect project (with the dev relay, to allowedOrigins).`,
    }),
  },
  {
    reason: /project id is missing/i,
    alert: () => ({
      code: 'RELAY_PROJECT_ID_NOT_CONFIGURED',
      variant: 'error',
      message: 'Project ID Not Configured',
      debugMessage:
        'The WalletConnect relay got no project id: set LATCH_WALLETCONNECT_PROJECT_ID.',
    }),
  },
  {
    reason: /project not found|invalid key/i,
    alert: (projectId) => ({
      code: 'RELAY_INVALID_PROJECT_ID',
      variant: 'error',
      message: 'Invalid Project ID',
      debugMessage: `The WalletConnect relay knows no project "${projectId}": check LATCH_WALLETCONNECT_PROJECT_ID.`,
    }),
  },
  {
    reason: /jwt validation error/i,
    alert: () => ({
      code: 'RELAY_JWT_NOT_VALID',
      variant: 'error',
      message: 'Session Expired',
      debugMessage:
        "The WalletConnect relay refused this client's auth token (not yet valid or expired): check the device's clock, then connect again.",
    }),
  },
]

/** The alert for a relayer error, or undefined when it is not one of the relay's refusals. */
export function relayRefusalAlert(
  error: unknown,
  context: { projectId: string; origin: string },
): ProviderAlert | undefined {
  const text =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  const refusal = text === undefined ? undefined : REFUSALS.find((r) => r.reason.test(text))
  if (!refusal) return undefined
  const alert = refusal.alert(context.projectId, context.origin)
  // The SDK's own words, for the console only.
  return { ...alert, debugMessage: `${alert.debugMessage} (relay: ${text})` }
}
