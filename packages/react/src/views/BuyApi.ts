/**
 * The on-ramp routes of the Latch server (docs/onramp.md), called by the buy views only: this
 * module is in their chunk, so a page without on-ramp never loads it.
 */

import { serverCall } from './serverCall.js'

export type PaymentMethod = 'card' | 'bank'
export type BuyStatusName = 'created' | 'pending' | 'completed' | 'failed'

export interface BuyOptions {
  providers: { id: string; name: string }[]
  assets: {
    network: string
    symbol: string
    name: string
    address: string | null
    providers: string[]
  }[]
  fiatCurrencies: string[]
  paymentMethods: PaymentMethod[]
  limits: {
    provider: string
    paymentMethod: PaymentMethod
    fiatCurrency: string
    min: string
    max: string
  }[]
}

export interface BuyQuote {
  provider: string
  fiatCurrency: string
  fiatAmount: string
  cryptoAmount: string
  providerFee: string
  networkFee: string
  total: string
}

export interface BuySession {
  id: string
  provider: string
  status: BuyStatusName
  network: string
  asset: string
  address: string
  fiatCurrency: string
  fiatAmount: string
  cryptoAmount: string | null
  txHash: string | null
  failureReason: string | null
}

export interface Purchase {
  network: string
  asset: string
  fiatCurrency: string
  fiatAmount: string
  paymentMethod: PaymentMethod
}

/** The server's refusal, its message meant for the visitor (limits named, provider's reason). */
export class BuyError extends Error {
  override name = 'BuyError'
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

export function createBuyApi(serverUrl: string, projectId: string) {
  const call = <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    serverCall<T>({
      serverUrl,
      projectId,
      path,
      body,
      signal,
      fail: (code, message) => new BuyError(code, message),
    })
  return {
    options: (signal?: AbortSignal) => call<BuyOptions>('/v1/onramp/options', undefined, signal),
    quote: (purchase: Purchase, signal?: AbortSignal) =>
      call<{ quotes: BuyQuote[]; refusals: { provider: string; message: string }[] }>(
        '/v1/onramp/quote',
        purchase,
        signal,
      ),
    start: (purchase: Purchase & { provider: string; address: string; redirectUrl?: string }) =>
      call<{ session: BuySession; url: string }>('/v1/onramp/sessions', purchase),
    session: (id: string, signal?: AbortSignal) =>
      call<BuySession>(`/v1/onramp/sessions/${encodeURIComponent(id)}`, undefined, signal),
  }
}

export type BuyApi = ReturnType<typeof createBuyApi>

const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/

function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** The widest range any provider takes for this method and currency, for the form's hint. */
export function widestLimit(options: BuyOptions, method: PaymentMethod, fiat: string) {
  const own = options.limits.filter((l) => l.paymentMethod === method && l.fiatCurrency === fiat)
  if (own.length === 0) return undefined
  const min = own.reduce((a, l) => (cents(l.min) < cents(a) ? l.min : a), own[0]?.min ?? '0')
  const max = own.reduce((a, l) => (cents(l.max) > cents(a) ? l.max : a), own[0]?.max ?? '0')
  return { min, max }
}

export type AmountCheck =
  | { ok: true }
  | { ok: false; reason: 'empty' | 'invalid' | 'below' | 'above' | 'unavailable' }

/** The same check the server makes, so the reason shows while typing; the server still decides. */
export function checkBuyAmount(
  amount: string,
  limit: { min: string; max: string } | undefined,
): AmountCheck {
  if (amount.trim() === '') return { ok: false, reason: 'empty' }
  if (!AMOUNT.test(amount)) return { ok: false, reason: 'invalid' }
  if (!limit) return { ok: false, reason: 'unavailable' }
  if (cents(amount) < cents(limit.min)) return { ok: false, reason: 'below' }
  if (cents(amount) > cents(limit.max)) return { ok: false, reason: 'above' }
  return { ok: true }
}
