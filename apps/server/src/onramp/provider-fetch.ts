import { type ProviderId, ProviderRefusedError, ProviderUnavailableError } from './types.js'

/** A provider that takes longer than this is reported unavailable, not waited on. */
export const PROVIDER_TIMEOUT_MS = 10_000

export interface ProviderAnswer {
  status: number
  body: unknown
}

/**
 * Calls a provider's REST API (its URL comes from the operator's config, never from a request).
 * A 4xx with a message is the provider's refusal, told to the user; anything else is a 502 whose
 * detail goes only to the log, because a provider's error text may echo a key or a header.
 */
export async function callProvider(
  provider: ProviderId,
  url: string,
  init: RequestInit = {},
  { allow404 = false, secrets = [] as readonly string[] } = {},
): Promise<ProviderAnswer> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
    })
  } catch (error) {
    throw new ProviderUnavailableError(provider, `request failed: ${(error as Error).message}`)
  }
  const text = await response.text()
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    throw new ProviderUnavailableError(provider, `status ${response.status}, not JSON`)
  }
  if (response.ok || (allow404 && response.status === 404)) return { status: response.status, body }
  const message = messageOf(body)
  // 401 and 403 are this server's misconfiguration, not the buyer's business.
  const refused = response.status >= 400 && response.status < 500
  if (refused && response.status !== 401 && response.status !== 403 && message)
    throw new ProviderRefusedError(provider, redact(message, secrets))
  throw new ProviderUnavailableError(provider, `status ${response.status}`)
}

/** A provider's message may quote what it was sent; none of our keys may travel on in it. */
function redact(message: string, secrets: readonly string[]): string {
  let out = message
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('[key]')
  return out
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { message, errorMessage } = body as { message?: unknown; errorMessage?: unknown }
  const text = typeof message === 'string' ? message : errorMessage
  return typeof text === 'string' && text.length > 0 ? text.slice(0, 200) : undefined
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}
