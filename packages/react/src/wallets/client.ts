/** Seed §9: 40 wallets per page, 100 for a search, 4 recommended. */
export const WALLETS_PAGE_SIZE = 40
export const WALLETS_SEARCH_SIZE = 100
export const RECOMMENDED_COUNT = 4
export const SDK_TYPE = 'latch'
export const SDK_VERSION = 'react-0.1.0'

/** Seed §3 "Wallet catalogue entry", as `GET /getWallets` sends it. */
export interface CatalogueWallet {
  id: string
  name: string
  image_id: string
  rdns?: string | null
  chains: string[]
  homepage?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

export interface WalletsPage {
  data: CatalogueWallet[]
  count: number
}

export class WalletsRequestError extends Error {
  override name = 'WalletsRequestError'
  readonly status: number | undefined
  constructor(message: string, status?: number) {
    super(message)
    this.status = status
  }
}

export interface WalletsQuery {
  page?: number
  entries?: number
  search?: string | undefined
  include?: string[] | undefined
  exclude?: string[] | undefined
  chains?: string[] | undefined
}

/** Reads the wallet catalogue (`GET /getWallets`) of a Latch server. */
export function createWalletsClient(options: {
  serverUrl: string
  projectId: string
  fetch?: typeof fetch
}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  return {
    async getWallets(query: WalletsQuery = {}): Promise<WalletsPage> {
      const url = new URL('/getWallets', options.serverUrl)
      url.searchParams.set('projectId', options.projectId)
      url.searchParams.set('st', SDK_TYPE)
      url.searchParams.set('sv', SDK_VERSION)
      url.searchParams.set('page', String(query.page ?? 1))
      url.searchParams.set('entries', String(query.entries ?? WALLETS_PAGE_SIZE))
      if (query.search) url.searchParams.set('search', query.search)
      if (query.include?.length) url.searchParams.set('include', query.include.join(','))
      if (query.exclude?.length) url.searchParams.set('exclude', query.exclude.join(','))
      if (query.chains?.length) url.searchParams.set('chains', query.chains.join(','))
      let response: Response
      try {
        response = await doFetch(url)
      } catch {
        throw new WalletsRequestError('The wallet catalogue is not answering.')
      }
      if (!response.ok)
        throw new WalletsRequestError(
          `The wallet catalogue answered ${response.status}.`,
          response.status,
        )
      const body = (await response.json()) as Partial<WalletsPage>
      if (!Array.isArray(body.data))
        throw new WalletsRequestError('The wallet catalogue sent no list.')
      return {
        data: body.data,
        count: typeof body.count === 'number' ? body.count : body.data.length,
      }
    },
    imageUrl(imageId: string): string {
      return new URL(`/getWalletImage/${encodeURIComponent(imageId)}`, options.serverUrl).toString()
    },
  }
}

export type WalletsClient = ReturnType<typeof createWalletsClient>
