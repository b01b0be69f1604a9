import { ProviderApiError } from './errors.js'
import type {
  EventBody,
  GetWalletsParams,
  GetWalletsResponse,
  RemoteFeatureEntry,
} from './types.js'

export interface ProviderApiOptions {
  /** The Latch server, e.g. `http://localhost:8787`. */
  baseUrl: string
  projectId: string
  /** `st`: the SDK type the server records with events. */
  sdkType?: string | undefined
  /** `sv`: the SDK version. */
  sdkVersion?: string | undefined
  fetch?: typeof fetch | undefined
}

export type ProviderApi = ReturnType<typeof createProviderApi>

export const DEFAULT_SDK_TYPE = 'latch'
export const DEFAULT_SDK_VERSION = 'latch-core-0.1.0'

type Query = Record<string, string | undefined>

function codeFor(status: number, bodyCode: string | undefined): string {
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500 && status < 600) return 'SERVER_ERROR'
  return bodyCode ?? `HTTP_${status}`
}

/**
 * Typed client of the server's provider routes. Every call sends `projectId`, `st` and `sv`
 * like the reference. Failures throw {@link ProviderApiError} with a code the caller can switch on.
 */
export function createProviderApi(options: ProviderApiOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const sdk = {
    projectId: options.projectId,
    st: options.sdkType ?? DEFAULT_SDK_TYPE,
    sv: options.sdkVersion ?? DEFAULT_SDK_VERSION,
  }

  function url(path: string, query: Query = {}): URL {
    const result = new URL(path, options.baseUrl)
    for (const [key, value] of Object.entries({ ...sdk, ...query }))
      if (value !== undefined && value !== '') result.searchParams.set(key, value)
    return result
  }

  async function request<result>(path: string, init: RequestInit = {}, query?: Query) {
    let response: Response
    try {
      response = await doFetch(url(path, query), init)
    } catch (cause) {
      throw new ProviderApiError('NETWORK_ERROR', 0, `No answer from ${options.baseUrl}`, cause)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      if (response.ok)
        throw new ProviderApiError('BAD_RESPONSE', response.status, `${path}: not JSON`, cause)
    }
    if (!response.ok) {
      const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
      const code = codeFor(
        response.status,
        typeof error?.code === 'string' ? error.code : undefined,
      )
      const message =
        typeof error?.message === 'string' ? error.message : `${path} answered ${response.status}`
      throw new ProviderApiError(code, response.status, message)
    }
    return body as result
  }

  const imageUrl = (path: string, id: string) => url(`${path}/${encodeURIComponent(id)}`).href

  return {
    options: { ...sdk, baseUrl: options.baseUrl },

    /** `GET /projects/v1/origins`. */
    async getAllowedOrigins(): Promise<string[]> {
      const body = await request<{ allowedOrigins?: unknown }>('/projects/v1/origins')
      if (!Array.isArray(body.allowedOrigins))
        throw new ProviderApiError('BAD_RESPONSE', 200, 'allowedOrigins is not a list')
      return body.allowedOrigins.filter((o): o is string => typeof o === 'string')
    },

    /** `GET /appkit/v1/config`. */
    async getRemoteConfig(): Promise<RemoteFeatureEntry[]> {
      const body = await request<{ features?: unknown }>('/appkit/v1/config')
      if (!Array.isArray(body.features))
        throw new ProviderApiError('BAD_RESPONSE', 200, 'features is not a list')
      return body.features as RemoteFeatureEntry[]
    },

    /** `GET /getAnalyticsConfig`. */
    async getAnalyticsConfig(): Promise<boolean> {
      const body = await request<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig')
      return body.isAnalyticsEnabled === true
    },

    /** `GET /getWallets`. */
    async getWallets(params: GetWalletsParams): Promise<GetWalletsResponse> {
      const body = await request<GetWalletsResponse>(
        '/getWallets',
        {},
        {
          page: String(params.page),
          entries: String(params.entries),
          include: params.include?.join(','),
          exclude: params.exclude?.join(','),
          chains: params.chains?.join(','),
          search: params.search?.trim(),
          badge_type: params.badge,
        },
      )
      return { data: Array.isArray(body.data) ? body.data : [], count: Number(body.count) || 0 }
    },

    /** `POST /e`: an analytics event or an error report. */
    async postEvent(body: EventBody): Promise<void> {
      await request('/e', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    },

    walletImageUrl: (imageId: string) => imageUrl('/getWalletImage', imageId),
    assetImageUrl: (imageId: string) => imageUrl('/public/getAssetImage', imageId),
    currencyImageUrl: (code: string) => imageUrl('/public/getCurrencyImage', code),
    tokenImageUrl: (symbol: string) => imageUrl('/public/getTokenImage', symbol),
  }
}
