import { HttpError } from '../http/errors.js'

export type ProviderId = 'moonpay' | 'coinbase'
export type PaymentMethod = 'card' | 'bank'
export const paymentMethods: readonly PaymentMethod[] = ['card', 'bank']

/** A session's life: the page opened the checkout, the provider took the payment, the funds left. */
export type SessionStatus = 'created' | 'pending' | 'completed' | 'failed'

/** What a provider can sell: an asset on one network (CAIP-2), native when `address` is null. */
export interface ProviderAsset {
  network: string
  symbol: string
  name: string
  address: string | null
  /** The provider's own code for it (MoonPay `eth_base`, Coinbase `ETH` on `base`). */
  code: string
  providerNetwork: string
}

/** Decimal strings throughout: fiat and crypto amounts must not pass through binary floats. */
export interface Limit {
  paymentMethod: PaymentMethod
  fiatCurrency: string
  min: string
  max: string
}

export interface ProviderOptions {
  assets: ProviderAsset[]
  fiatCurrencies: string[]
  /** The provider's own limits; a method or currency missing here falls back to the seed's. */
  limits: Limit[]
}

export interface QuoteRequest {
  asset: ProviderAsset
  fiatCurrency: string
  fiatAmount: string
  paymentMethod: PaymentMethod
}

export interface ProviderQuote {
  cryptoAmount: string
  /** The provider's fee and the network's, in the fiat currency. */
  providerFee: string
  networkFee: string
  /** What the buyer pays in all. */
  total: string
}

export interface CheckoutRequest extends QuoteRequest {
  sessionId: string
  projectId: string
  address: string
  redirectUrl: string | undefined
  clientIp: string
}

/** What a provider says of a session when asked (polling) or when it tells (webhook). */
export interface ProviderStatus {
  status: SessionStatus
  providerTxId: string | null
  cryptoAmount: string | null
  txHash: string | null
  failureReason: string | null
}

/** One interface for every provider; each adapter speaks its provider's real protocol. */
export interface OnrampProvider {
  id: ProviderId
  name: string
  options(): Promise<ProviderOptions>
  quote(request: QuoteRequest): Promise<ProviderQuote>
  /** The checkout URL the page opens (signed or carrying a one-time session token). */
  checkoutUrl(request: CheckoutRequest): Promise<string>
  /** The provider's current word on a session, or null while it knows nothing of it yet. */
  status(sessionId: string): Promise<ProviderStatus | null>
}

export class OnrampError extends HttpError {
  override name = 'OnrampError'
}

/** A provider answered wrongly or not at all: told as 502, its details only in the log. */
export class ProviderUnavailableError extends OnrampError {
  override name = 'ProviderUnavailableError'
  readonly detail: string
  constructor(provider: ProviderId, detail: string) {
    super(502, 'ONRAMP_PROVIDER_UNAVAILABLE', `${provider} did not answer as expected`)
    this.detail = detail
  }
}

/** The provider refused the request itself (amount, region, asset): its reason is the user's. */
export class ProviderRefusedError extends OnrampError {
  override name = 'ProviderRefusedError'
  constructor(provider: ProviderId, reason: string) {
    super(422, 'ONRAMP_PROVIDER_REFUSED', `${provider}: ${reason}`)
  }
}

const RANK: Record<SessionStatus, number> = { created: 0, pending: 1, completed: 2, failed: 2 }

/** Status only moves forward, so a late or duplicated report can never undo a newer one. */
export function isAdvance(from: SessionStatus, to: SessionStatus): boolean {
  return RANK[to] > RANK[from]
}

export const isFinal = (status: SessionStatus) => status === 'completed' || status === 'failed'
