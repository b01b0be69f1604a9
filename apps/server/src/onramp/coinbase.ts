import { caip2 } from '../chains/eip155/wire.js'
import { type CdpKey, cdpJwt, importCdpKey } from './cdp-jwt.js'
import type { CoinbaseConfig } from './config.js'
import { cryptoDecimalOf, decimalOf } from './limits.js'
import { callProvider, record, text } from './provider-fetch.js'
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

const METHOD: Record<PaymentMethod, string> = { card: 'CARD', bank: 'ACH_BANK_ACCOUNT' }
const METHOD_BACK: Record<string, PaymentMethod> = { CARD: 'card', ACH_BANK_ACCOUNT: 'bank' }

export function coinbaseStatusOf(status: unknown): SessionStatus {
  if (status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return 'completed'
  if (status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return 'failed'
  return 'pending'
}

/** Coinbase writes `0x` or nothing before the funds leave: no hash yet. */
function hashOf(value: unknown): string | null {
  const hash = text(value)
  return hash && hash.length > 2 ? hash : null
}

/** `FAILURE_REASON_BUY_FAILED` -> `buy failed`; the unspecified reason says nothing. */
function failureOf(value: unknown): string | null {
  const reason = text(value)
  if (!reason || reason === 'FAILURE_REASON_UNSPECIFIED') return null
  return reason
    .replace(/^FAILURE_REASON_/, '')
    .replaceAll('_', ' ')
    .toLowerCase()
}

/**
 * A CDP webhook event (camelCase, docs/onramp.md#coinbase-webhooks) in our terms. Its type
 * settles the outcome; `updated` events carry the status field.
 */
export function coinbaseEventStatus(event: Record<string, unknown>): ProviderStatus {
  const status =
    event.eventType === 'onramp.transaction.success'
      ? 'completed'
      : event.eventType === 'onramp.transaction.failed'
        ? 'failed'
        : coinbaseStatusOf(event.status)
  return {
    status,
    providerTxId: text(event.transactionId) ?? null,
    cryptoAmount: cryptoDecimalOf(record(event.purchaseAmount).value) ?? null,
    txHash: hashOf(event.txHash),
    failureReason: failureOf(event.failureReason),
  }
}

function amountOf(value: unknown): string | undefined {
  return decimalOf(record(value).value)
}

/**
 * Coinbase Onramp through the CDP REST API: every call carries a fresh JWT of the CDP secret API
 * key, and the checkout URL carries a one-time session token instead of the address, so the page
 * cannot change where the funds go.
 */
export function createCoinbase(config: CoinbaseConfig): OnrampProvider {
  let key: Promise<CdpKey> | undefined
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, allow404 = false) => {
    key ??= importCdpKey(config.keySecret)
    const url = `${config.apiUrl}${path}`
    const jwt = await cdpJwt(config.keyName, await key, method, url)
    return callProvider(
      'coinbase',
      url,
      {
        method,
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { allow404, secrets: [config.keySecret, config.webhookSecret ?? ''] },
    )
  }

  return {
    id: 'coinbase',
    name: 'Coinbase',

    async options(): Promise<ProviderOptions> {
      const { body } = await call('GET', `/onramp/v1/buy/options?country=${config.country}`)
      const answer = record(body)
      const assets: ProviderAsset[] = []
      for (const currency of Array.isArray(answer.purchase_currencies)
        ? answer.purchase_currencies.map(record)
        : []) {
        const symbol = text(currency.symbol)
        if (!symbol) continue
        for (const network of Array.isArray(currency.networks)
          ? currency.networks.map(record)
          : []) {
          const chainId = text(network.chain_id)
          const name = text(network.name)
          if (!chainId || !name || !/^[0-9]{1,12}$/.test(chainId)) continue
          const contract = text(network.contract_address)?.toLowerCase()
          assets.push({
            network: caip2(Number(chainId)),
            symbol: symbol.toUpperCase(),
            name: text(currency.name) ?? symbol,
            address: contract ?? null,
            code: symbol,
            providerNetwork: name,
          })
        }
      }
      const limits: Limit[] = []
      const fiatCurrencies: string[] = []
      for (const fiat of Array.isArray(answer.payment_currencies)
        ? answer.payment_currencies.map(record)
        : []) {
        const code = text(fiat.id)
        if (!code) continue
        fiatCurrencies.push(code.toUpperCase())
        for (const limit of Array.isArray(fiat.limits) ? fiat.limits.map(record) : []) {
          const method = METHOD_BACK[String(limit.id)]
          const min = decimalOf(limit.min)
          const max = decimalOf(limit.max)
          if (method && min && max)
            limits.push({ paymentMethod: method, fiatCurrency: code.toUpperCase(), min, max })
        }
      }
      return { assets, fiatCurrencies, limits }
    },

    async quote(request: QuoteRequest): Promise<ProviderQuote> {
      const { body } = await call('POST', '/onramp/v1/buy/quote', {
        purchase_currency: request.asset.code,
        purchase_network: request.asset.providerNetwork,
        payment_amount: request.fiatAmount,
        payment_currency: request.fiatCurrency,
        payment_method: METHOD[request.paymentMethod],
        country: config.country,
      })
      const q = record(body)
      const cryptoAmount = cryptoDecimalOf(record(q.purchase_amount).value)
      const total = amountOf(q.payment_total)
      if (!cryptoAmount || !total)
        throw new ProviderUnavailableError('coinbase', 'quote without amounts')
      return {
        cryptoAmount,
        providerFee: amountOf(q.coinbase_fee) ?? '0',
        networkFee: amountOf(q.network_fee) ?? '0',
        total,
      }
    },

    async checkoutUrl(request: CheckoutRequest): Promise<string> {
      const { body } = await call('POST', '/onramp/v1/token', {
        addresses: [{ address: request.address, blockchains: [request.asset.providerNetwork] }],
        assets: [request.asset.code],
        clientIp: request.clientIp,
      })
      const token = text(record(body).token)
      if (!token) throw new ProviderUnavailableError('coinbase', 'token without a token')
      const url = new URL(`${config.payUrl}/buy/select-asset`)
      const query: Record<string, string | undefined> = {
        sessionToken: token,
        defaultAsset: request.asset.code,
        defaultNetwork: request.asset.providerNetwork,
        presetFiatAmount: request.fiatAmount,
        fiatCurrency: request.fiatCurrency,
        defaultPaymentMethod: METHOD[request.paymentMethod],
        // Coinbase lists a partner user's transactions by this id: our session id, for polling
        // and in webhook events. `partnerUserRef` is its current name, `partnerUserId` the former.
        partnerUserRef: request.sessionId,
        partnerUserId: request.sessionId,
        redirectUrl: request.redirectUrl,
      }
      for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v)
      return url.toString()
    },

    async status(sessionId: string): Promise<ProviderStatus | null> {
      const { status, body } = await call(
        'GET',
        `/onramp/v1/buy/user/${encodeURIComponent(sessionId)}/transactions`,
        undefined,
        true,
      )
      const list = record(body).transactions
      if (status === 404 || !Array.isArray(list) || list.length === 0) return null
      const tx = record(list[0])
      return {
        status: coinbaseStatusOf(tx.status),
        providerTxId: text(tx.transaction_id) ?? null,
        cryptoAmount: cryptoDecimalOf(record(tx.purchase_amount).value) ?? null,
        txHash: hashOf(tx.tx_hash),
        failureReason: failureOf(tx.failure_reason),
      }
    },
  }
}
