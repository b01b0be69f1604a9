/**
 * The dev on-ramp sandbox: a stand-in for MoonPay speaking its protocol on loopback, so the whole
 * buy flow runs offline (docs/onramp.md). It serves MoonPay's REST paths the server's adapter
 * calls, checks every widget URL's signature, shows a checkout page where a test card succeeds
 * and another is declined, pays the asset from its own faucet account on the dev chain and sends
 * signed webhooks to the server. A development component printed by `npm start`; never in
 * production, where the server talks to MoonPay itself.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkoutPage, errorPage, resultPage } from './checkout-page.js'
import { createFaucet } from './faucet.js'
import { splitSignedQuery, webhookSignatureHeader, widgetSignatureValid } from './protocol.js'

/** Test cards, as MoonPay's and most processors' sandboxes use them. */
export const SUCCESS_CARD = '4242424242424242'
export const DECLINED_CARD = '4000000000000002'

/** The sandbox's price of ETH and its fee (the seed's on-ramp fee is 1–2 %). */
export const ETH_PRICE_USD = 2500
/** ETH in each fiat currency the sandbox sells for; its network fee is 0.1 in any of them. */
export const ETH_PRICES: Readonly<Record<string, number>> = {
  usd: ETH_PRICE_USD,
  eur: 2300,
  gbp: 2000,
}
export const FEE_RATE = 0.015
export const NETWORK_FEE_USD = 0.1

export interface DevOnrampOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** The dev chain the asset is paid on. */
  rpcUrl: string
  chainId: number
  /** Where MoonPay would send webhooks: the server's /v1/onramp/webhooks/moonpay. */
  webhookUrl?: string
  log?: (line: string) => void
}

export interface DevOnramp {
  url: string
  /** The server's LATCH_ONRAMP_MOONPAY_* variables for this sandbox. */
  env: Record<string, string>
  /** When each checkout's payment was confirmed on chain (ms since epoch), by session id. */
  paidAt: Map<string, number>
  setWebhookUrl(url: string): void
  stop(): Promise<void>
}

type Tx = Record<string, unknown> & { id: string; status: string; createdAt: string }

export async function startDevOnramp(options: DevOnrampOptions): Promise<DevOnramp> {
  const log = options.log ?? (() => {})
  const keys = {
    publishable: `pk_test_${randomBytes(12).toString('hex')}`,
    secret: `sk_test_${randomBytes(16).toString('hex')}`,
    webhook: `wk_test_${randomBytes(16).toString('hex')}`,
  }
  let webhookUrl = options.webhookUrl
  const faucet = createFaucet(options.rpcUrl, options.chainId)
  const byExternalId = new Map<string, Tx[]>()
  const paidAt = new Map<string, number>()

  const currencies = [
    // No min or max: the server then applies the seed's limits (card 10–7,500 USD), as it
    // would for a provider that names none.
    { id: 'usd', type: 'fiat', code: 'usd', name: 'US Dollar', precision: 2 },
    // Limits of its own, as MoonPay names them per fiat currency (its card limits): the server
    // serves these; a bank transfer in EUR or GBP has no limit anywhere, so it is not offered.
    {
      id: 'eur',
      type: 'fiat',
      code: 'eur',
      name: 'Euro',
      precision: 2,
      minBuyAmount: 20,
      maxBuyAmount: 5000,
    },
    {
      id: 'gbp',
      type: 'fiat',
      code: 'gbp',
      name: 'Pound Sterling',
      precision: 2,
      minBuyAmount: 15,
      maxBuyAmount: 4000,
    },
    {
      id: 'eth-latch-dev',
      type: 'crypto',
      code: 'eth',
      name: 'Ether (Latch dev chain)',
      precision: 6,
      isSuspended: false,
      metadata: {
        contractAddress: '0x0000000000000000000000000000000000000000',
        chainId: String(options.chainId),
        networkCode: 'latch-dev',
      },
    },
  ]

  function quoteOf(fiatAmount: number, fiatCode: string) {
    const price = ETH_PRICES[fiatCode] ?? ETH_PRICE_USD
    const feeAmount = Math.round(fiatAmount * FEE_RATE * 100) / 100
    const quoteCurrencyAmount = Math.floor((fiatAmount / price) * 1e6) / 1e6
    return {
      baseCurrencyCode: fiatCode,
      baseCurrencyAmount: fiatAmount,
      quoteCurrencyCode: 'eth',
      quoteCurrencyAmount,
      quoteCurrencyPrice: price,
      feeAmount,
      extraFeeAmount: 0,
      networkFeeAmount: NETWORK_FEE_USD,
      totalAmount: Math.round((fiatAmount + feeAmount + NETWORK_FEE_USD) * 100) / 100,
      paymentMethod: 'credit_debit_card',
    }
  }

  async function notify(type: string, tx: Tx) {
    if (!webhookUrl) return
    const body = JSON.stringify({ type, data: tx, externalCustomerId: tx.externalCustomerId })
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'moonpay-signature-v2': webhookSignatureHeader(body, keys.webhook, new Date()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) log(`webhook ${type} answered ${response.status}`)
    } catch (error) {
      // The server also polls; a lost webhook delays nothing but the push.
      log(`webhook ${type} not delivered: ${(error as Error).message}`)
    }
  }

  /** The widget's parameters, only from a query signed with the secret key. */
  function signedParams(search: string): URLSearchParams | string {
    if (!widgetSignatureValid(search, keys.secret))
      return 'The URL signature is missing or wrong (MoonPay refuses unsigned or altered URLs).'
    const params = new URLSearchParams(splitSignedQuery(search)?.signed ?? '')
    if (params.get('apiKey') !== keys.publishable) return 'Unknown apiKey.'
    if (params.get('currencyCode') !== 'eth') return 'This sandbox sells eth only.'
    if (!/^0x[0-9a-fA-F]{40}$/.test(params.get('walletAddress') ?? '')) return 'No walletAddress.'
    const amount = Number(params.get('baseCurrencyAmount'))
    if (!Number.isFinite(amount) || amount <= 0) return 'No baseCurrencyAmount.'
    if (!(fiatOf(params) in ETH_PRICES)) return 'Unsupported baseCurrencyCode.'
    return params
  }

  async function checkout(params: URLSearchParams, card: string): Promise<string> {
    const fiat = Number(params.get('baseCurrencyAmount'))
    const quote = quoteOf(fiat, fiatOf(params))
    const tx: Tx = {
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      status: 'pending',
      baseCurrencyAmount: fiat,
      quoteCurrencyAmount: quote.quoteCurrencyAmount,
      feeAmount: quote.feeAmount,
      extraFeeAmount: 0,
      networkFeeAmount: NETWORK_FEE_USD,
      walletAddress: params.get('walletAddress'),
      externalTransactionId: params.get('externalTransactionId'),
      externalCustomerId: params.get('externalCustomerId'),
      cryptoTransactionId: null,
      failureReason: null,
      currency: { code: 'eth' },
    }
    const list = byExternalId.get(String(tx.externalTransactionId)) ?? []
    list.push(tx)
    byExternalId.set(String(tx.externalTransactionId), list)
    const detail = { asset: 'ETH', cryptoAmount: String(quote.quoteCurrencyAmount) }
    if (card === DECLINED_CARD) {
      Object.assign(tx, { status: 'failed', failureReason: 'Your card was declined' })
      await notify('transaction_failed', tx)
      return resultPage('failed', { ...detail, reason: 'Your card was declined' })
    }
    await notify('transaction_created', tx)
    const hash = await faucet.pay(String(tx.walletAddress), String(quote.quoteCurrencyAmount))
    paidAt.set(String(tx.externalTransactionId), Date.now())
    Object.assign(tx, {
      status: 'completed',
      cryptoTransactionId: hash,
      updatedAt: new Date().toISOString(),
    })
    log(`paid ${quote.quoteCurrencyAmount} ETH to ${tx.walletAddress} (${hash})`)
    await notify('transaction_updated', tx)
    return resultPage('completed', { ...detail, txHash: hash })
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const html = (status: number, body: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      })
      res.end(body)
    }
    const apiKeyOk = url.searchParams.get('apiKey') === keys.publishable
    if (req.method === 'GET' && url.pathname === '/v3/currencies')
      return apiKeyOk ? json(200, currencies) : json(401, { message: 'Invalid apiKey' })
    const quoteMatch = /^\/v3\/currencies\/([a-z0-9_]+)\/buy_quote$/.exec(url.pathname)
    if (req.method === 'GET' && quoteMatch) {
      if (!apiKeyOk) return json(401, { message: 'Invalid apiKey' })
      if (quoteMatch[1] !== 'eth') return json(400, { message: 'Unsupported currency' })
      const amount = Number(url.searchParams.get('baseCurrencyAmount'))
      if (!Number.isFinite(amount) || amount <= 0)
        return json(400, { message: 'Invalid baseCurrencyAmount' })
      const fiat = fiatOf(url.searchParams)
      if (!(fiat in ETH_PRICES)) return json(400, { message: 'Unsupported baseCurrencyCode' })
      return json(200, quoteOf(amount, fiat))
    }
    const txMatch = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && txMatch) {
      // MoonPay's transaction reads need the secret key: a publishable key alone reads nothing.
      if (req.headers.authorization !== `Api-Key ${keys.secret}`)
        return json(401, { message: 'Unauthorized' })
      const list = byExternalId.get(decodeURIComponent(txMatch[1] ?? ''))
      return list ? json(200, list) : json(404, { message: 'Transaction not found' })
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const params = signedParams(url.search)
      if (typeof params === 'string') return html(403, errorPage(params))
      return html(200, checkoutView(params, url.search))
    }
    if (req.method === 'POST' && url.pathname === '/checkout') {
      const form = new URLSearchParams(await readBody(req))
      const search = form.get('q') ?? ''
      const params = signedParams(search)
      if (typeof params === 'string') return html(403, errorPage(params))
      const card = (form.get('card') ?? '').replace(/[\s-]/g, '')
      if (card !== SUCCESS_CARD && card !== DECLINED_CARD)
        return html(
          422,
          checkoutView(
            params,
            search,
            'Use a test card: 4242 4242 4242 4242 or 4000 0000 0000 0002',
          ),
        )
      return html(200, await checkout(params, card))
    }
    json(404, { message: 'Not found' })
  }

  function checkoutView(params: URLSearchParams, search: string, error?: string) {
    const fiat = Number(params.get('baseCurrencyAmount'))
    return checkoutPage({
      fiatAmount: fiat.toFixed(2),
      fiatCurrency: fiatOf(params).toUpperCase(),
      cryptoAmount: String(quoteOf(fiat, fiatOf(params)).quoteCurrencyAmount),
      asset: 'ETH',
      walletAddress: params.get('walletAddress') ?? '',
      signedQuery: search,
      ...(error ? { error } : {}),
    })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`request failed: ${(error as Error).message}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('sandbox error')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    env: {
      LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY: keys.publishable,
      LATCH_ONRAMP_MOONPAY_SECRET_KEY: keys.secret,
      LATCH_ONRAMP_MOONPAY_WEBHOOK_KEY: keys.webhook,
      LATCH_ONRAMP_MOONPAY_BASE_URL: url,
      LATCH_ONRAMP_MOONPAY_WIDGET_URL: url,
    },
    paidAt,
    setWebhookUrl(next) {
      webhookUrl = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** MoonPay's `baseCurrencyCode`, lower-case; USD when absent, as MoonPay defaults. */
function fiatOf(params: URLSearchParams): string {
  return (params.get('baseCurrencyCode') ?? 'usd').toLowerCase()
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** LATCH_ONRAMP_PORT, or 0 for a free port (the server learns the URL; nothing else needs it). */
export function onrampPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LATCH_ONRAMP_PORT
  if (raw === undefined || raw === '') return 0
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`LATCH_ONRAMP_PORT: must be a port number from 0 to 65535, got "${raw}"`)
  return port
}
