import { ApiError } from './errors.js'

/** Where a subpath's calls go: the Latch server and the project they are made for. */
export interface LatchServer {
  /** The Latch server, e.g. `http://localhost:8787`. */
  serverUrl: string
  projectId: string
}

export interface CallInit {
  body?: unknown
  /** A session token, sent as `Authorization: Bearer`. */
  token?: string | undefined
  query?: Record<string, string | undefined>
  signal?: AbortSignal | undefined
  /** `include`: send and accept the server's cookies (cookie sign-in sessions). */
  credentials?: 'include' | 'same-origin' | 'omit' | undefined
}

/**
 * One JSON call to the Latch server for the on-demand subpaths (sign-in, names), which must not
 * pull the page's whole API client into their chunks. Failures are {@link ApiError}s carrying the
 * server's own code.
 */
export async function callLatchServer<result>(
  server: LatchServer,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  init: CallInit = {},
): Promise<result> {
  const url = new URL(path, server.serverUrl)
  url.searchParams.set('projectId', server.projectId)
  for (const [name, value] of Object.entries(init.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, value)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      ...(init.credentials ? { credentials: init.credentials } : {}),
    })
  } catch (cause) {
    throw new ApiError(
      init.signal?.aborted ? 'ABORTED' : 'NETWORK_ERROR',
      0,
      init.signal?.aborted ? 'The request was cancelled.' : 'The Latch server is not answering.',
      { cause, details: `${method} ${path} at ${server.serverUrl}` },
    )
  }
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined
  if (!response.ok)
    throw new ApiError(
      response.status === 429 ? 'RATE_LIMITED' : (body?.error?.code ?? 'SERVER_ERROR'),
      response.status,
      body?.error?.message ?? `The Latch server answered ${response.status}.`,
      { details: `${method} ${path}: ${body?.error?.code ?? response.status}` },
    )
  return body as result
}
