import { createHmac, timingSafeEqual } from 'node:crypto'
import { caip2 } from '../chains/eip155/wire.js'
import type { MoonPayConfig } from './config.js'
import { cryptoDecimalOf, decimalOf } from './limits.js'
import { callProvider, record, text } from './provider-fetch.js'
import { signatureHeaderParts } from './signature-header.js'
import type {
  CheckoutRequest,
  Limit,
  OnrampProvider,
  PaymentMethod,
  ProviderAsset,
  ProviderOptions,
  ProviderQuote,
  ProviderStatus,
  QuoteRequest,
  SessionStatus,
} from './types.js'
import { ProviderUnavailableError } from './types.js'

/**
 * MoonPay's widget URL signature: base64 of HMAC-SHA256 over the URL's search string (with its
 * leading `?`), keyed with the secret key, appended as `signature`. MoonPay refuses a URL whose
 * wallet address or ids were changed after signing, so the page cannot redirect the funds.
 */
export function signWidgetUrl(unsigned: URL, secretKey: string): string {
  const signature = createHmac('sha256', secretKey).update(unsigned.search).digest('base64')
  return `${unsigned.toString()}&signature=${encodeURIComponent(signature)}`
}

export interface WebhookSignature {
  timestamp: number
  signature: string
}

/** `Moonpay-Signature-V2: t=<unix seconds>,s=<hex>`; undefined when malformed. */
export function parseSignatureHeader(header: string | undefined): WebhookSignature | undefined {
  const parts = signatureHeaderParts(header)
  if (!parts) return undefined
  const t = parts.get('t')
  const s = parts.get('s')
  if (!t || !/^[0-9]{1,12}$/.test(t) || !s || !/^[0-9a-f]{64}$/.test(s)) return undefined
  return { timestamp: Number(t), signature: s }
}

/** The signed text is `<t>.<raw body>`; compared in constant time. */
export function webhookSignatureMatches(
  parsed: WebhookSignature,
  rawBody: string,
  webhookKey: string,
): boolean {
  const expected = createHmac('sha256', webhookKey)
    .update(`${parsed.timestamp}.${rawBody}`)
    .digest()
  return timingSafeEqual(expected, Buffer.from(parsed.signature, 'hex'))
}

const METHOD: Record<PaymentMethod, (fiat: string) => string | undefined> = {
  card: () => 'credit_debit_card',
  bank: (fiat) =>
    ({ USD: 'ach_bank_transfer', EUR: 'sepa_bank_transfer', GBP: 'gbp_bank_transfer' })[fiat],
}

/** MoonPay's transaction states, in ours. */
export function statusOf(moonpayStatus: unknown): SessionStatus {
  if (moonpayStatus === 'completed') return 'completed'
  if (moonpayStatus === 'failed') return 'failed'
  return 'pending'
}

/** A MoonPay transaction object (webhook `data` or a read), in our terms. */
export function transactionStatus(tx: Record<string, unknown>): ProviderStatus {
  return {
    status: statusOf(tx.status),
    providerTxId: text(tx.id) ?? null,
    cryptoAmount: cryptoDecimalOf(tx.quoteCurrencyAmount) ?? null,
    txHash: text(tx.cryptoTransactionId) ?? null,
    failureReason: text(tx.failureReason) ?? null,
  }
}

const NATIVE = '0x0000000000000000000000000000000000000000'

function assetOf(currency: Record<string, unknown>): ProviderAsset | undefined {
  const meta = record(currency.metadata)
  const chainId = text(meta.chainId)
  const code = text(currency.code)
  if (!code || !chainId || !/^[0-9]{1,12}$/.test(chainId) || currency.isSuspended === true)
    return undefined
  const contract = text(meta.contractAddress)?.toLowerCase()
  return {
    network: caip2(Number(chainId)),
    symbol: (code.split('_')[0] ?? code).toUpperCase(),
    name: text(currency.name) ?? code,
    address: contract && contract !== NATIVE ? contract : null,
    code,
    providerNetwork: text(meta.networkCode) ?? chainId,
  }
}

export function createMoonPay(config: MoonPayConfig): OnrampProvider {
  const secrets = [config.secretKey, config.publishableKey, config.webhookKey ?? '']
  const api = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${config.apiUrl}${path}`)
    url.searchParams.set('apiKey', config.publishableKey)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    return url.toString()
  }

  return {
    id: 'moonpay',
    name: 'MoonPay',

    async options(): Promise<ProviderOptions> {
      const { body } = await callProvider('moonpay', api('/v3/currencies'), {}, { secrets })
      if (!Array.isArray(body)) throw new ProviderUnavailableError('moonpay', 'currencies')
      const currencies = body.map(record)
      const assets = currencies.filter((c) => c.type === 'crypto').flatMap((c) => assetOf(c) ?? [])
      const fiat = currencies.filter((c) => c.type === 'fiat' && typeof c.code === 'string')
      const limits: Limit[] = []
      for (const c of fiat) {
        const min = decimalOf(c.minBuyAmount)
        const max = decimalOf(c.maxBuyAmount)
        // A fiat currency's buy limits are MoonPay's card limits; bank limits are per method.
        if (min && max)
          limits.push({
            paymentMethod: 'card',
            fiatCurrency: String(c.code).toUpperCase(),
            min,
            max,
          })
      }
      return { assets, fiatCurrencies: fiat.map((c) => String(c.code).toUpperCase()), limits }
    },

    async quote(request: QuoteRequest): Promise<ProviderQuote> {
      const method = METHOD[request.paymentMethod](request.fiatCurrency)
      const { body } = await callProvider(
        'moonpay',
        api(`/v3/currencies/${encodeURIComponent(request.asset.code)}/buy_quote`, {
          baseCurrencyCode: request.fiatCurrency.toLowerCase(),
          baseCurrencyAmount: request.fiatAmount,
          ...(method ? { paymentMethod: method } : {}),
          areFeesIncluded: 'false',
        }),
        {},
        { secrets },
      )
      const q = record(body)
      const fee = Number(decimalOf(q.feeAmount) ?? 0) + Number(decimalOf(q.extraFeeAmount) ?? 0)
      const cryptoAmount = cryptoDecimalOf(q.quoteCurrencyAmount)
      const total = decimalOf(q.totalAmount)
      if (!cryptoAmount || !total)
        throw new ProviderUnavailableError('moonpay', 'buy_quote without amounts')
      return {
        cryptoAmount,
        providerFee: fee.toFixed(2),
        networkFee: decimalOf(q.networkFeeAmount) ?? '0',
        total,
      }
    },

    async checkoutUrl(request: CheckoutRequest): Promise<string> {
      const url = new URL(config.widgetUrl)
      const method = METHOD[request.paymentMethod](request.fiatCurrency)
      const query: Record<string, string | undefined> = {
        apiKey: config.publishableKey,
        currencyCode: request.asset.code,
        walletAddress: request.address,
        baseCurrencyCode: request.fiatCurrency.toLowerCase(),
        baseCurrencyAmount: request.fiatAmount,
        paymentMethod: method,
        // Our session id comes back in webhooks and reads; the project guards cross-project reports.
        externalTransactionId: request.sessionId,
        externalCustomerId: request.projectId,
        redirectURL: request.redirectUrl,
        lockAmount: 'true',
      }
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(key, value)
      return signWidgetUrl(url, config.secretKey)
    },

    async status(sessionId: string): Promise<ProviderStatus | null> {
      const { status, body } = await callProvider(
        'moonpay',
        `${config.apiUrl}/v1/transactions/ext/${encodeURIComponent(sessionId)}?apiKey=${encodeURIComponent(config.publishableKey)}`,
        { headers: { authorization: `Api-Key ${config.secretKey}` } },
        { allow404: true, secrets },
      )
      if (status === 404 || !Array.isArray(body) || body.length === 0) return null
      // Several attempts may share one external id (a declined card, then another): newest wins.
      const newest = body
        .map(record)
        .sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')))[0]
      return newest ? transactionStatus(newest) : null
    },
  }
}
