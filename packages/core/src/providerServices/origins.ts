import type { ApiClient } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import { isOriginAllowed } from '../wire/originMatch.js'
import { type ProviderAlert, providerAlerts } from './alerts.js'

/**
 * docs/behaviour.md#wire: 429 → RATE_LIMITED, 5xx → SERVER_ERROR, an unknown project (Latch's 403
 * INVALID_PROJECT_ID) → INVALID_PROJECT_ID, anything else → an empty list.
 */
export async function fetchAllowedOrigins(api: Pick<ApiClient, 'getAllowedOrigins'>) {
  try {
    return await api.getAllowedOrigins()
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === 'RATE_LIMITED' ||
        error.code === 'SERVER_ERROR' ||
        error.code === 'INVALID_PROJECT_ID')
    )
      throw error
    return []
  }
}

export interface OriginCheckInput {
  /** Undefined when the app has no project id: no request is made. */
  api: Pick<ApiClient, 'getAllowedOrigins'> | undefined
  projectId: string | undefined
  /** `window.location.origin`. */
  pageOrigin: string
}

/** The alert the page must show, or null when its origin is allowed. */
export async function checkOrigin(input: OriginCheckInput): Promise<ProviderAlert | null> {
  if (!input.projectId || !input.api) return providerAlerts.projectIdNotConfigured()
  let allowed: string[]
  try {
    allowed = await fetchAllowedOrigins(input.api)
  } catch (error) {
    const apiError = error as ApiError
    if (apiError.code === 'RATE_LIMITED') return providerAlerts.rateLimited()
    if (apiError.code === 'INVALID_PROJECT_ID')
      return providerAlerts.invalidProjectId(input.projectId)
    return providerAlerts.serverError(apiError.message)
  }
  return isOriginAllowed(input.pageOrigin, allowed)
    ? null
    : providerAlerts.originNotAllowed(input.pageOrigin)
}
