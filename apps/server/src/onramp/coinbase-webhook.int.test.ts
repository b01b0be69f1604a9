import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestApp, type ProviderTestApp } from '../provider-services/testing.js'
import { coinbaseEventStatus } from './coinbase.js'
import { coinbaseWebhookEvent } from './fixtures/coinbase-answers.js'
import { signHook0 } from './fixtures/hook0.js'
import { findSession, insertSession } from './store.js'

const SECRET = 'cdp-webhook-secret-for-tests-only'
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const keySecret = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'sec1' })
  .toString()

describe('Coinbase Onramp webhooks (X-Hook0-Signature)', () => {
  let t: ProviderTestApp
  const answers: LightMyRequestResponse[] = []
  beforeAll(async () => {
    const opened = await openTestApp('pglite', {
      LATCH_ONRAMP_COINBASE_KEY_NAME: 'organizations/org-1/apiKeys/key-1',
      LATCH_ONRAMP_COINBASE_KEY_SECRET: keySecret,
      LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET: SECRET,
      // No call reaches it: sessions are written directly, status arrives by webhook.
      LATCH_ONRAMP_COINBASE_BASE_URL: 'http://127.0.0.1:9',
    })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t?.close())

  async function session(provider = 'coinbase') {
    const id = randomUUID()
    await insertSession(
      t.app.db,
      {
        id,
        projectId: 'shop',
        provider,
        network: 'eip155:1',
        asset: 'ETH',
        assetAddress: null,
        address: BUYER,
        fiatCurrency: 'USD',
        fiatAmount: '50',
        paymentMethod: 'card',
      },
      new Date(),
    )
    return id
  }
  /** A delivery as CDP sends it; `tamper` changes what arrives after signing. */
  function delivery(
    event: Record<string, unknown>,
    options: { secret?: string; at?: number; tamper?: Record<string, string> } = {},
  ) {
    const body = JSON.stringify(event)
    const signed = {
      'content-type': 'application/json',
      'x-event-id': randomUUID(),
      'x-event-type': String(event.eventType),
    }
    const at = options.at ?? Math.floor(Date.now() / 1000)
    const header = signHook0(options.secret ?? SECRET, signed, body, at)
    return { body, headers: { ...signed, 'x-hook0-signature': header, ...options.tamper } }
  }
  async function deliver(d: { body: string; headers: Record<string, string> }) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/onramp/webhooks/coinbase',
      headers: d.headers,
      payload: d.body,
    })
    answers.push(response)
    return response
  }
  const statusOf = async (id: string) => (await findSession(t.app.db, id))?.status

  test('a signed success event completes the session with its hash and amount', async () => {
    const id = await session()
    const r = await deliver(delivery(coinbaseWebhookEvent({ partnerUserRef: id })))
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ received: true, changed: true, status: 'completed' })
    expect(await findSession(t.app.db, id)).toMatchObject({
      status: 'completed',
      cryptoAmount: '0.014216',
      txHash: coinbaseWebhookEvent().txHash,
      providerTxId: coinbaseWebhookEvent().transactionId,
    })
  })

  test('a forged signature, a v0-only header or a header changed after signing is refused', async () => {
    const id = await session()
    const event = coinbaseWebhookEvent({ partnerUserRef: id })
    const forged = await deliver(delivery(event, { secret: 'an-attackers-own-secret-value' }))
    expect(forged.statusCode).toBe(401)
    const good = delivery(event)
    const v0only = good.headers['x-hook0-signature'].replace(/,v1=[0-9a-f]+/, '')
    expect(
      (await deliver({ ...good, headers: { ...good.headers, 'x-hook0-signature': v0only } }))
        .statusCode,
    ).toBe(400)
    // The event type is signed through `h`: relabelling an update as a success breaks v1.
    const relabelled = delivery(
      coinbaseWebhookEvent({
        partnerUserRef: id,
        eventType: 'onramp.transaction.updated',
        status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      }),
      {
        tamper: { 'x-event-type': 'onramp.transaction.success' },
      },
    )
    expect((await deliver(relabelled)).statusCode).toBe(401)
    // The body too: the same signature over another wallet's event.
    const swapped = {
      ...good,
      body: good.body.replace(BUYER, '0x000000000000000000000000000000000000dEaD'),
    }
    expect((await deliver(swapped)).statusCode).toBe(401)
    expect(await statusOf(id)).toBe('created')
  })

  test('a replayed delivery is refused; a stale one too; a duplicate event changes nothing', async () => {
    const id = await session()
    const event = coinbaseWebhookEvent({ partnerUserRef: id })
    const first = delivery(event)
    expect((await deliver(first)).json()).toMatchObject({ changed: true, status: 'completed' })
    const replay = await deliver(first)
    expect(replay.statusCode).toBe(409)
    expect(replay.json().error.code).toBe('ONRAMP_WEBHOOK_REPLAYED')
    const stale = await deliver(delivery(event, { at: Math.floor(Date.now() / 1000) - 3600 }))
    expect(stale.statusCode).toBe(400)
    // CDP's retry of the same event is a new delivery: accepted, and nothing moves.
    const retry = await deliver(delivery(event))
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual({ received: true, changed: false, status: 'completed' })
    // A late failure cannot undo the success.
    const late = await deliver(
      delivery(
        coinbaseWebhookEvent({ partnerUserRef: id, eventType: 'onramp.transaction.failed' }),
      ),
    )
    expect(late.json()).toEqual({ received: true, changed: false, status: 'completed' })
  })

  test("an event for another provider's session or another wallet moves nothing", async () => {
    const moonpay = await session('moonpay')
    const r = await deliver(delivery(coinbaseWebhookEvent({ partnerUserRef: moonpay })))
    expect(r.statusCode).toBe(403)
    const id = await session()
    const other = await deliver(
      delivery(
        coinbaseWebhookEvent({
          partnerUserRef: id,
          walletAddress: '0x000000000000000000000000000000000000dEaD',
        }),
      ),
    )
    expect(other.statusCode).toBe(403)
    const unknown = await deliver(delivery(coinbaseWebhookEvent({ partnerUserRef: randomUUID() })))
    expect(unknown.statusCode).toBe(404)
    expect([await statusOf(moonpay), await statusOf(id)]).toEqual(['created', 'created'])
  })

  test('a failed event fails the session with its reason in words', async () => {
    const id = await session()
    const r = await deliver(
      delivery(
        coinbaseWebhookEvent({
          partnerUserRef: id,
          eventType: 'onramp.transaction.failed',
          status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
          txHash: '0x',
          failureReason: 'FAILURE_REASON_BUY_FAILED',
        }),
      ),
    )
    expect(r.json()).toMatchObject({ changed: true, status: 'failed' })
    expect(await findSession(t.app.db, id)).toMatchObject({
      failureReason: 'buy failed',
      txHash: null,
    })
    expect(
      coinbaseEventStatus(
        coinbaseWebhookEvent({
          eventType: 'onramp.transaction.updated',
          status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
          txHash: '0x',
        }),
      ),
    ).toMatchObject({ status: 'pending', txHash: null, failureReason: null })
  })

  test('no answer carries the webhook secret or the CDP key', () => {
    expect(answers.length).toBeGreaterThan(10)
    for (const r of answers) {
      expect(r.body).not.toContain(SECRET)
      expect(r.body).not.toContain('PRIVATE KEY')
    }
  })
})
