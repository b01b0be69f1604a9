/**
 * The secure frame's response headers (issue 7 hardening). No inline script, no third-party
 * script, network access to our server only, and only the project's allowed origins may embed
 * it. Any host serving the built frame must send these on the HTML document; the dev server's
 * plugin in vite.config.ts does, and so does the Latch server when it hosts the built frame
 * (docs/embedded-wallet.md#production-hosting).
 */
export interface FrameHeaderOptions {
  /** The Latch server the frame talks to. */
  serverUrl: string
  /** The project's allowed origins; empty when the project is unknown (nobody may embed). */
  allowedOrigins: readonly string[]
  /** Vite's dev server also needs its own websocket for hot reload. */
  dev?: boolean | undefined
}

/**
 * An allow-list entry as a CSP source, or nothing. `*` is never passed on: a wildcard-all entry
 * would let any site frame the wallet and overlay it (clickjacking), so a project listing only `*`
 * gets `frame-ancestors 'none'`. A wildcard must sit under a name of two labels at least
 * (`https://*.example.com`): `https://*.com` would be nearly as open as `*`.
 */
function sourceExpression(entry: string): string | undefined {
  // Allow-list entries are origins or wildcard hosts; anything else must not reach the header.
  const match = /^https?:\/\/(\*\.)?([A-Za-z0-9.-]+)(:\d{1,5})?$/.exec(entry)
  if (!match) return undefined
  const [, wildcard, host = ''] = match
  if (wildcard && (!host.includes('.') || host.startsWith('.') || host.endsWith('.')))
    return undefined
  return entry
}

export function frameHeaders(options: FrameHeaderOptions): Record<string, string> {
  const server = new URL(options.serverUrl).origin
  const ancestors = options.allowedOrigins.map(sourceExpression).filter(Boolean)
  const connect = ["'self'", server].join(' ')
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${options.dev ? connect : server}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
  return {
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
}

/** Reads the project's allowed origins from the server; unknown project or failure → none. */
export async function fetchAllowedOrigins(serverUrl: string, projectId: string): Promise<string[]> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(projectId)) return []
  try {
    const url = `${serverUrl.replace(/\/$/, '')}/projects/v1/origins?projectId=${projectId}`
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) })
    if (!response.ok) return []
    const body = (await response.json()) as { allowedOrigins?: unknown }
    return Array.isArray(body.allowedOrigins)
      ? body.allowedOrigins.filter((o): o is string => typeof o === 'string')
      : []
  } catch {
    return []
  }
}
