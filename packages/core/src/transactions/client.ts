import type { HistoryPage } from './types.js'

export class HistoryRequestError extends Error {
  override name = 'HistoryRequestError'
  readonly status: number | undefined
  /** The server's error code when it sent one ('UNSUPPORTED_CHAIN', 'INVALID_CURSOR', …). */
  readonly code: string | undefined
  constructor(message: string, status?: number, options?: ErrorOptions & { code?: string }) {
    super(message, options)
    this.status = status
    this.code = options?.code
  }
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } }
    return typeof body.error?.code === 'string' ? body.error.code : undefined
  } catch {
    return undefined
  }
}

export interface HistoryClientOptions {
  serverUrl: string
  projectId: string
  fetch?: typeof fetch
}

/**
 * Reads `GET /v1/account/:address/history`. Answers are not cached here: the store keeps what
 * it has, and a cache keyed without the cursor is the reference's page-2-returns-page-1 bug.
 */
export function createHistoryClient({
  serverUrl,
  projectId,
  fetch: doFetch = fetch,
}: HistoryClientOptions) {
  return async function fetchPage(args: {
    account: string
    chainId: string | undefined
    cursor: string | undefined
    limit?: number
  }): Promise<HistoryPage> {
    const url = new URL(`/v1/account/${encodeURIComponent(args.account)}/history`, serverUrl)
    url.searchParams.set('projectId', projectId)
    if (args.chainId) url.searchParams.set('chainId', args.chainId)
    if (args.cursor) url.searchParams.set('cursor', args.cursor)
    if (args.limit) url.searchParams.set('limit', String(args.limit))
    let response: Response
    try {
      response = await doFetch(url)
    } catch (cause) {
      throw new HistoryRequestError('The history service is not answering.', undefined, { cause })
    }
    if (!response.ok)
      throw new HistoryRequestError(
        `The history service answered ${response.status}.`,
        response.status,
        { code: await errorCode(response) },
      )
    const body = (await response.json()) as Partial<HistoryPage>
    if (!Array.isArray(body.data))
      throw new HistoryRequestError('The history service sent no data list.')
    return { data: body.data, next: typeof body.next === 'string' && body.next ? body.next : null }
  }
}
