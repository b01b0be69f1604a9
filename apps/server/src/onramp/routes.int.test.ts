import { createHmac } from 'node:crypto'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProject, type ProjectView } from '../provider-services/projects.js'
import { openTestApp, type ProviderTestApp } from '../provider-services/testing.js'
import { type Answer, type SeenRequest, serveAnswers } from './fixtures/loopback.js'
import {
  moonpayBuyQuote,
  moonpayCurrencies,
  moonpayTransaction,
} from './fixtures/moonpay-answers.js'

const PK = 'pk_test_routesPublishable'
const SK = 'sk_test_routesSecretKey'
const WK = 'wk_test_routesWebhookKey'
const ORIGIN = 'http://localhost:5173'
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe.each(['pglite', 'postgres'] as const)('on-ramp routes on %s', (kind) => {
  let t: ProviderTestApp
  let skip = ''
  let provider: Awaited<ReturnType<typeof serveAnswers>>
  let txAnswer: ((r: SeenRequest) => Answer) | undefined
  let project: ProjectView
  let other: ProjectView
  const answers: LightMyRequestResponse[] = []

  beforeAll(async () => {
    provider = await serveAnswers((r) => {
      if (r.url.pathname === '/v3/currencies') return { body: moonpayCurrencies }
      if (r.url.pathname === '/v3/currencies/eth/buy_quote') return { body: moonpayBuyQuote }
      if (r.url.pathname.startsWith('/v1/transactions/ext/') && txAnswer) return txAnswer(r)
      return { status: 404, body: { message: 'Not found' } }
    })
    const opened = await openTestApp(kind, {
      LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY: PK,
      LATCH_ONRAMP_MOONPAY_SECRET_KEY: SK,
      LATCH_ONRAMP_MOONPAY_WEBHOOK_KEY: WK,
      LATCH_ONRAMP_MOONPAY_BASE_URL: provider.url,
      LATCH_ONRAMP_MOONPAY_WIDGET_URL: `${provider.url}/widget`,
    })
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
    project = await createProject(t.app.db, { name: 'Shop', origins: [ORIGIN] })
    other = await createProject(t.app.db, { name: 'Other', origins: [ORIGIN] })
  })
  afterAll(async () => {
    await t?.close()
    await provider?.close()
  })

  // Every answer passes through here, so the last test can look for keys in all of them.
  async function call(options: InjectOptions) {
    const response = await t.app.inject(options)
    answers.push(response)
    return response
  }
  const buy = (projectId: string, body: Record<string, unknown> = {}) =>
    call({
      method: 'POST',
      url: `/v1/onramp/sessions?projectId=${projectId}`,
      headers: { origin: ORIGIN },
      payload: {
        provider: 'moonpay',
        network: 'eip155:1',
        asset: 'ETH',
        fiatCurrency: 'USD',
        fiatAmount: '50',
        paymentMethod: 'card',
        address: BUYER,
        redirectUrl: `${ORIGIN}/`,
        ...body,
      },
    })
  function signed(payload: unknown, key = WK, at = Math.floor(Date.now() / 1000)) {
    const body = JSON.stringify(payload)
    const s = createHmac('sha256', key).update(`${at}.${body}`).digest('hex')
    return { body, header: `t=${at},s=${s}` }
  }
  const deliver = (d: { body: string; header: string }) =>
    call({
      method: 'POST',
      url: '/v1/onramp/webhooks/moonpay',
      headers: { 'content-type': 'application/json', 'moonpay-signature-v2': d.header },
      payload: d.body,
    })
  const report = (sessionId: string, projectId: string, data: Record<string, unknown> = {}) => ({
    type: 'transaction_updated',
    externalCustomerId: projectId,
    data: moonpayTransaction({
      externalTransactionId: sessionId,
      walletAddress: BUYER.toLowerCase(),
      ...data,
    }),
  })

  test('database is available', () => expect(skip).toBe(''))

  test('remote config advertises onramp with the configured provider', async () => {
    const r = await call({ url: `/appkit/v1/config?projectId=${project.id}` })
    expect(r.json().features).toContainEqual({ id: 'onramp', isEnabled: true, config: ['moonpay'] })
  })

  test("options: the provider's assets and card limits, the fallback for bank", async () => {
    const r = await call({
      url: `/v1/onramp/options?projectId=${project.id}`,
      headers: { origin: ORIGIN },
    })
    expect(r.statusCode).toBe(200)
    const body = r.json()
    expect(body.providers).toEqual([{ id: 'moonpay', name: 'MoonPay' }])
    expect(body.assets).toContainEqual({
      network: 'eip155:1',
      symbol: 'ETH',
      name: 'Ethereum',
      address: null,
      providers: ['moonpay'],
    })
    expect(body.limits).toContainEqual({
      provider: 'moonpay',
      paymentMethod: 'card',
      fiatCurrency: 'USD',
      min: '30',
      max: '12000',
      source: 'provider',
    })
    expect(body.limits).toContainEqual({
      provider: 'moonpay',
      paymentMethod: 'bank',
      fiatCurrency: 'USD',
      min: '10',
      max: '25000',
      source: 'fallback',
    })
  })

  test('quote: amount out, fees, total; out of limits refused with the limits named', async () => {
    const quote = (fiatAmount: string) =>
      call({
        method: 'POST',
        url: `/v1/onramp/quote?projectId=${project.id}`,
        payload: {
          network: 'eip155:1',
          asset: 'ETH',
          fiatCurrency: 'USD',
          fiatAmount,
          paymentMethod: 'card',
        },
      })
    const ok = await quote('50')
    expect(ok.json().quotes).toEqual([
      {
        provider: 'moonpay',
        fiatCurrency: 'USD',
        fiatAmount: '50',
        cryptoAmount: '0.01423',
        providerFee: '2.49',
        networkFee: '0.38',
        total: '52.87',
      },
    ])
    const low = await quote('20')
    expect(low.statusCode).toBe(422)
    expect(low.json().error).toMatchObject({
      code: 'ONRAMP_AMOUNT_BELOW_MINIMUM',
      message: 'By card you can buy from 30 to 12000 USD',
    })
    expect((await quote('12000.01')).json().error.code).toBe('ONRAMP_AMOUNT_ABOVE_MAXIMUM')
    expect((await quote('1e5')).statusCode).toBe(400)
  })

  test('a session gets a signed widget URL; another project cannot read it; redirects stay on the project', async () => {
    const r = await buy(project.id)
    expect(r.statusCode).toBe(200)
    const { session, url } = r.json()
    expect(session).toMatchObject({
      status: 'created',
      provider: 'moonpay',
      address: BUYER,
      fiatAmount: '50',
    })
    const widget = new URL(url)
    expect(widget.searchParams.get('externalTransactionId')).toBe(session.id)
    expect(widget.searchParams.get('signature')).toBeTruthy()
    const foreign = await call({ url: `/v1/onramp/sessions/${session.id}?projectId=${other.id}` })
    expect(foreign.statusCode).toBe(404)
    const away = await buy(project.id, { redirectUrl: 'https://evil.example/' })
    expect(away.json().error.code).toBe('ONRAMP_BAD_REDIRECT')
    expect((await buy(project.id, { address: 'not-an-address' })).statusCode).toBe(400)
  })

  test('status by polling the provider when no webhook came', async () => {
    const { session } = (await buy(project.id)).json()
    txAnswer = () => ({
      body: [
        moonpayTransaction({
          externalTransactionId: session.id,
          status: 'pending',
          cryptoTransactionId: null,
        }),
      ],
    })
    const read = await call({ url: `/v1/onramp/sessions/${session.id}?projectId=${project.id}` })
    expect(read.json()).toMatchObject({ status: 'pending', txHash: null })
    txAnswer = undefined
  })

  test('webhooks: a forged signature, a stale one, a replay and another project are refused', async () => {
    const { session } = (await buy(project.id)).json()
    const forged = signed(report(session.id, project.id), 'wk_attacker_key')
    expect((await deliver(forged)).json().error.code).toBe('ONRAMP_BAD_SIGNATURE')
    const unsigned = await call({
      method: 'POST',
      url: '/v1/onramp/webhooks/moonpay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(report(session.id, project.id)),
    })
    expect(unsigned.statusCode).toBe(400)
    // A genuine signature over a body changed afterwards.
    const genuine = signed(report(session.id, project.id, { status: 'pending' }))
    const tampered = { ...genuine, body: genuine.body.replace('"pending"', '"completed"') }
    expect((await deliver(tampered)).statusCode).toBe(401)
    const stale = signed(report(session.id, project.id), WK, Math.floor(Date.now() / 1000) - 3600)
    expect((await deliver(stale)).json().error.code).toBe('ONRAMP_STALE_WEBHOOK')
    const crossProject = signed(report(session.id, other.id))
    expect((await deliver(crossProject)).json().error.code).toBe('ONRAMP_WEBHOOK_MISMATCH')
    const otherWallet = signed(
      report(session.id, project.id, {
        walletAddress: '0x000000000000000000000000000000000000dead',
      }),
    )
    expect((await deliver(otherWallet)).statusCode).toBe(403)

    const first = await deliver(genuine)
    expect(first.json()).toEqual({ received: true, changed: true, status: 'pending' })
    const replay = await deliver(genuine)
    expect(replay.statusCode).toBe(409)
    expect(replay.json().error.code).toBe('ONRAMP_WEBHOOK_REPLAYED')
    const read = await call({ url: `/v1/onramp/sessions/${session.id}?projectId=${project.id}` })
    expect(read.json().status).toBe('pending')
  })

  test('webhooks: duplicates are idempotent and a late report never undoes a newer one', async () => {
    const { session } = (await buy(project.id)).json()
    const done = report(session.id, project.id, { status: 'completed' })
    expect((await deliver(signed(done))).json()).toEqual({
      received: true,
      changed: true,
      status: 'completed',
    })
    // MoonPay's retry of the same event, signed anew (a second later).
    const retry = signed(done, WK, Math.floor(Date.now() / 1000) + 1)
    expect((await deliver(retry)).json()).toEqual({
      received: true,
      changed: false,
      status: 'completed',
    })
    const late = signed(
      report(session.id, project.id, { status: 'pending' }),
      WK,
      Math.floor(Date.now() / 1000) + 2,
    )
    expect((await deliver(late)).json()).toMatchObject({ changed: false, status: 'completed' })
    const read = await call({ url: `/v1/onramp/sessions/${session.id}?projectId=${project.id}` })
    expect(read.json()).toMatchObject({
      status: 'completed',
      cryptoAmount: '0.01423',
      txHash: moonpayTransaction({}).cryptoTransactionId,
    })
  })

  test('no key reaches any response, error answers included', async () => {
    await call({ url: '/docs/json' })
    expect(answers.length).toBeGreaterThan(20)
    for (const response of answers) {
      const whole = JSON.stringify(response.headers) + response.body
      for (const key of [SK, WK]) expect(whole).not.toContain(key)
      // The publishable key belongs in MoonPay's widget URL only (MoonPay's design), nowhere else.
      const withoutUrls = whole.replace(/"url":"[^"]*"/g, '')
      expect(withoutUrls).not.toContain(PK)
    }
  })
})

describe('on-ramp without a provider', () => {
  test('remote config advertises onramp off, and options are empty', async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    try {
      const project = await createProject(opened.app.db, { name: 'Bare', origins: [ORIGIN] })
      const config = await opened.app.inject({ url: `/appkit/v1/config?projectId=${project.id}` })
      expect(config.json().features).toContainEqual({ id: 'onramp', isEnabled: false, config: [] })
      const options = await opened.app.inject({ url: `/v1/onramp/options?projectId=${project.id}` })
      expect(options.json()).toMatchObject({ providers: [], assets: [] })
      const hook = await opened.app.inject({
        method: 'POST',
        url: '/v1/onramp/webhooks/moonpay',
        payload: { data: {} },
      })
      expect(hook.json().error.code).toBe('ONRAMP_WEBHOOKS_OFF')
    } finally {
      await opened.close()
    }
  })
})
