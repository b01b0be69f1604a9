import type { HistoryPage } from '../transactions/types.js'
import { type ImageKind, imagePath } from '../wire/images.js'
import { badResponse } from './badResponse.js'
import { ApiError } from './errors.js'
import type { GetBalancesQuery, GetHistoryQuery, GetWalletsQuery } from './queries.js'
import type { EventBody, GetWalletsResponse, RemoteFeatureEntry } from './types.js'

export interface ApiClientOptions {
  /** The Latch server, e.g. `http://localhost:8787`. */
  baseUrl: string
  projectId: string
  /** `st`: the SDK type the server records with events. */
  sdkType?: string | undefined
  /** `sv`: the SDK version. */
  sdkVersion?: string | undefined
  fetch?: typeof fetch | undefined
  /** How long one request may take before it fails with TIMEOUT. Default 15 s. */
  timeoutMs?: number | undefined
}

export const DEFAULT_SDK_TYPE = 'latch'
export const DEFAULT_SDK_VERSION = 'latch-core-0.1.0'
export const DEFAULT_API_TIMEOUT_MS = 15_000
export {
  type GetBalancesQuery,
  type GetHistoryQuery,
  type GetWalletsQuery,
  WALLETS_PAGE_SIZE,
} from './queries.js'

/** `GET /healthz`: whether the server reaches its database and its chain. */
export interface ServerHealth {
  status: 'ok' | 'degraded'
  database: { ok: boolean; kind: string }
  chain: {
    ok: boolean
    chainId?: number
    blockNumber?: string
    /** Only for a caller with the admin token. */
    rpcUrl?: string
    error?: string
  }
}

type Query = Record<string, string | undefined>

interface RequestOptions {
  init?: RequestInit
  query?: Query
  /** Send `st` and `sv` (the provider routes want them; the history route does not). */
  sdk?: boolean
}

function codeFor(status: number, bodyCode: string | undefined): string {
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500 && status < 600) return 'SERVER_ERROR'
  return bodyCode ?? `HTTP_${status}`
}

export type ApiClient = ReturnType<typeof createApiClient>

/**
 * The one HTTP client of a Latch server: provider services (origins, remote config, analytics,
 * events), the wallet catalogue and transaction history. Made once per app config; every call
 * sends the project id, and the provider routes also `st` and `sv`. Every failure is an
 * {@link ApiError} with a code the caller can switch on.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const timeoutMs = options.timeoutMs ?? DEFAULT_API_TIMEOUT_MS
  const sdk = {
    st: options.sdkType ?? DEFAULT_SDK_TYPE,
    sv: options.sdkVersion ?? DEFAULT_SDK_VERSION,
  }

  function url(path: string, query: Query = {}, withSdk = true): URL {
    const result = new URL(path, options.baseUrl)
    const all = { projectId: options.projectId, ...(withSdk ? sdk : {}), ...query }
    for (const [key, value] of Object.entries(all))
      if (value !== undefined && value !== '') result.searchParams.set(key, value)
    return result
  }

  async function request<result>(path: string, request: RequestOptions = {}): Promise<result> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const method = request.init?.method ?? 'GET'
    // The caller's own signal (a component unmounting) cancels the request too.
    const outside = request.init?.signal
    const cancel = () => controller.abort()
    outside?.addEventListener('abort', cancel, { once: true })
    if (outside?.aborted) cancel()
    try {
      let response: Response
      try {
        response = await doFetch(url(path, request.query, request.sdk ?? true), {
          ...request.init,
          signal: controller.signal,
        })
      } catch (cause) {
        if (outside?.aborted)
          throw new ApiError('ABORTED', 0, 'The request was cancelled.', {
            cause,
            details: `${method} ${path}: cancelled by the caller`,
          })
        if (timedOut)
          throw new ApiError('TIMEOUT', 0, 'The Latch server took too long to answer.', {
            cause,
            details: `${method} ${path}: no answer within ${timeoutMs} ms`,
          })
        throw new ApiError('NETWORK_ERROR', 0, 'The Latch server is not answering.', {
          cause,
          details: `${method} ${path} at ${options.baseUrl}: ${cause instanceof Error ? cause.message : String(cause)}`,
        })
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        // An error page need not be JSON; its status says enough.
        if (response.ok) throw badResponse(path, 'not JSON', response.status)
      }
      if (!response.ok) {
        const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
        const code = codeFor(
          response.status,
          typeof error?.code === 'string' ? error.code : undefined,
        )
        const message =
          typeof error?.message === 'string'
            ? error.message
            : `The Latch server answered ${response.status}.`
        throw new ApiError(code, response.status, message, {
          details: `${method} ${path} answered ${response.status}`,
        })
      }
      return body as result
    } finally {
      clearTimeout(timer)
      outside?.removeEventListener('abort', cancel)
    }
  }

  const imageUrl = (kind: ImageKind, id: string) => url(imagePath(kind, id)).href

  return {
    options: { ...sdk, projectId: options.projectId, baseUrl: options.baseUrl, timeoutMs },

    /** `GET /projects/v1/origins`. */
    async getAllowedOrigins(): Promise<string[]> {
      const path = '/projects/v1/origins'
      const body = await request<{ allowedOrigins?: unknown }>(path)
      if (!Array.isArray(body.allowedOrigins))
        throw badResponse(path, 'allowedOrigins is not a list')
      return body.allowedOrigins.filter((o): o is string => typeof o === 'string')
    },

    /** `GET /appkit/v1/config`. */
    async getRemoteConfig(): Promise<RemoteFeatureEntry[]> {
      const path = '/appkit/v1/config'
      const body = await request<{ features?: unknown }>(path)
      if (!Array.isArray(body.features)) throw badResponse(path, 'features is not a list')
      return body.features as RemoteFeatureEntry[]
    },

    /** `GET /getAnalyticsConfig`. */
    async getAnalyticsConfig(): Promise<boolean> {
      const body = await request<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig')
      return body.isAnalyticsEnabled === true
    },

    /** `GET /getWallets`: one page of the wallet catalogue. */
    getWallets: (query?: GetWalletsQuery): Promise<GetWalletsResponse> =>
      import('./pages.js').then((pages) => pages.getWallets(request, query)),

    /**
     * `GET /v1/account/:address/history`. Not cached here: the transactions store keeps what it
     * has, and a cache keyed without the cursor would answer page 2 with page 1.
     */
    getHistory: (query: GetHistoryQuery): Promise<HistoryPage> =>
      import('./pages.js').then((pages) => pages.getHistory(request, query)),

    /** `GET /v1/account/:address/balance`: native first, then each ERC-20 the index knows of. */
    getBalances: (query: GetBalancesQuery) =>
      import('./pages.js').then((pages) => pages.getBalances(request, query)),

    /** `GET /healthz`; a degraded server answers 503, which fails like any error status. */
    getHealth: (signal?: AbortSignal) =>
      request<ServerHealth>('/healthz', { sdk: false, init: { signal: signal ?? null } }),

    /** `POST /e`: an analytics event or an error report. */
    async postEvent(body: EventBody): Promise<void> {
      await request('/e', {
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      })
    },

    walletImageUrl: (imageId: string) => imageUrl('wallet', imageId),
    assetImageUrl: (imageId: string) => imageUrl('asset', imageId),
    currencyImageUrl: (code: string) => imageUrl('currency', code),
    tokenImageUrl: (symbol: string) => imageUrl('token', symbol),
  }
}
