import type { Address } from 'viem'
import type { HistoryPage } from '../types.js'

export interface HistoryRequest {
  /** Lower-case. */
  address: Address
  chainId: number
  /** Opaque; the provider's own continuation, already authenticated by the route. */
  cursor: string | null
  limit: number
}

/** The provider's page plus its own continuation token (the route seals it into `next`). */
export interface ProviderPage {
  data: HistoryPage['data']
  continuation: string | null
}

/** A source of history for chains this server does not index itself. Same output as the indexer. */
export interface HistoryProvider {
  readonly kind: string
  history(request: HistoryRequest): Promise<ProviderPage>
}

export class ProviderError extends Error {
  override name = 'ProviderError'
}
