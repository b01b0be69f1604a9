import { type Limit, OnrampError, type PaymentMethod } from './types.js'

/** The seed's limits (docs/behaviour.md#limits), used where a provider names none: USD only. */
export const FALLBACK_LIMITS: readonly Limit[] = [
  { paymentMethod: 'card', fiatCurrency: 'USD', min: '10', max: '7500' },
  { paymentMethod: 'bank', fiatCurrency: 'USD', min: '10', max: '25000' },
]

/** A fiat amount: whole units and at most two decimals, so it is exact in cents. */
export const FIAT_AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,8})(\\.[0-9]{1,2})?$'

const METHOD_WORDS: Record<PaymentMethod, string> = { card: 'card', bank: 'bank transfer' }

export function toCents(amount: string): bigint {
  if (!new RegExp(FIAT_AMOUNT_PATTERN).test(amount))
    throw new OnrampError(400, 'ONRAMP_BAD_AMOUNT', `${JSON.stringify(amount)} is not an amount`)
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** The provider's limit for a method and currency, else the seed's, else none (not sold). */
export function limitFor(
  providerLimits: readonly Limit[],
  paymentMethod: PaymentMethod,
  fiatCurrency: string,
): (Limit & { source: 'provider' | 'fallback' }) | undefined {
  const match = (l: Limit) => l.paymentMethod === paymentMethod && l.fiatCurrency === fiatCurrency
  const own = providerLimits.find(match)
  if (own) return { ...own, source: 'provider' }
  const fallback = FALLBACK_LIMITS.find(match)
  return fallback ? { ...fallback, source: 'fallback' } : undefined
}

export class AmountOutOfLimitsError extends OnrampError {
  override name = 'AmountOutOfLimitsError'
  readonly limit: Limit
  constructor(limit: Limit, below: boolean) {
    const method = METHOD_WORDS[limit.paymentMethod]
    super(
      422,
      below ? 'ONRAMP_AMOUNT_BELOW_MINIMUM' : 'ONRAMP_AMOUNT_ABOVE_MAXIMUM',
      `By ${method} you can buy from ${limit.min} to ${limit.max} ${limit.fiatCurrency}`,
    )
    this.limit = limit
  }
}

export class MethodNotOfferedError extends OnrampError {
  override name = 'MethodNotOfferedError'
  constructor(paymentMethod: PaymentMethod, fiatCurrency: string) {
    super(
      422,
      'ONRAMP_METHOD_NOT_OFFERED',
      `Paying by ${METHOD_WORDS[paymentMethod]} in ${fiatCurrency} is not offered`,
    )
  }
}

/** Throws the typed refusal that names the limits; returns the limit that allowed the amount. */
export function checkAmount(
  providerLimits: readonly Limit[],
  paymentMethod: PaymentMethod,
  fiatCurrency: string,
  amount: string,
): Limit {
  const limit = limitFor(providerLimits, paymentMethod, fiatCurrency)
  if (!limit) throw new MethodNotOfferedError(paymentMethod, fiatCurrency)
  const cents = toCents(amount)
  if (cents < toCents(limit.min)) throw new AmountOutOfLimitsError(limit, true)
  if (cents > toCents(limit.max)) throw new AmountOutOfLimitsError(limit, false)
  return limit
}

/** Provider limits arrive as numbers; keep them as the exact decimal strings we compare. */
export function decimalOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0)
    return String(Math.round(value * 100) / 100)
  if (typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value)) {
    const [whole = '0', fraction = ''] = value.split('.')
    const cut = fraction.slice(0, 2).replace(/0+$/, '')
    return cut ? `${BigInt(whole)}.${cut}` : String(BigInt(whole))
  }
  return undefined
}

/** A crypto amount keeps every decimal it came with (a number is printed as JavaScript does). */
export function cryptoDecimalOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0)
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 18 })
  if (typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value)) return value
  return undefined
}
