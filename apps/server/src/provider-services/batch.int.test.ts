import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { analyticsEvents } from '../db/schema/provider.js'
import { ANALYTICS_EVENTS_PER_MINUTE } from '../http/rate-limit.js'
import { createProject, type ProjectView } from './projects.js'
import { MAX_BATCH_EVENTS } from './routes/batch.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const APP_ORIGIN = 'https://shop.example.org'

// AppKit's analytics flush: a text/plain JSON array sent by sendBeacon (see routes/batch.ts).
describe.each(['pglite', 'postgres'] as const)('POST /batch on %s', (kind) => {
  let t: ProviderTestApp
  let project: ProjectView
  let skip = ''

  beforeAll(async () => {
    const opened = await openTestApp(kind)
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
    project = await createProject(t.app.db, {
      name: 'Shop',
      origins: [APP_ORIGIN],
      analyticsEnabled: true,
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('database is available', () => {
    expect(skip).toBe('')
  })

  let n = 0
  const track = (event: string, props: Record<string, unknown> = {}) => ({
    eventId: `b${++n}-${kind}`,
    url: `${APP_ORIGIN}/`,
    domain: 'shop.example.org',
    timestamp: Date.now(),
    props: { type: 'track', event, address: '0xabc', ...props },
  })
  const send = (body: unknown, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/batch?projectId=${project.id}&st=appkit&sv=react-wagmi-1.8.24`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: APP_ORIGIN, ...headers },
      payload: JSON.stringify(body),
      remoteAddress: ip,
    })

  test('stores every track event of a sendBeacon batch, impressions included', async () => {
    const modal = track('MODAL_OPEN', { properties: { connected: false } })
    const impressions = track('WALLET_IMPRESSION_V2', {
      items: [{ name: 'MetaMask', walletRank: 1, view: 'Connect' }],
    })
    const res = await send([modal, impressions], '10.1.0.1')
    expect(res.statusCode).toBe(202)
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
    expect(res.json()).toEqual({ stored: 2, duplicates: 0, rejected: 0, analyticsEnabled: true })
    const rows = await t.app.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.projectId, project.id))
    const stored = (id: string) => rows.find((r) => r.eventId === id)
    expect(stored(modal.eventId)).toMatchObject({
      event: 'MODAL_OPEN',
      sdkType: 'appkit',
      sdkVersion: 'react-wagmi-1.8.24',
      properties: { connected: false },
    })
    expect(stored(impressions.eventId)?.properties).toEqual({
      items: [{ name: 'MetaMask', walletRank: 1, view: 'Connect' }],
    })
    // sendBeacon may repeat itself: the same events again are duplicates, stored once.
    expect((await send([modal], '10.1.0.1')).json()).toMatchObject({ stored: 0, duplicates: 1 })
  })

  test('malformed events are counted and dropped; the rest of the batch is stored', async () => {
    const good = track('CONNECT_SUCCESS')
    const res = await send(
      [
        good,
        { nonsense: true },
        { ...track('X'), props: { type: 'error', event: 'X', errorType: 'E', errorMessage: 'm' } },
        { ...track('X'), timestamp: 'yesterday' },
        track('X', { properties: { big: 'x'.repeat(9_000) } }),
        'text',
        null,
      ],
      '10.1.1.1',
    )
    expect(res.json()).toEqual({ stored: 1, duplicates: 0, rejected: 6, analyticsEnabled: true })
  })

  test('a body that is not an array of at most 100 events is refused with a JSON error', async () => {
    for (const body of [{}, 'x', [...Array(MAX_BATCH_EVENTS + 1)].map(() => track('X'))]) {
      const res = await send(body, '10.1.2.1')
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/batch?projectId=${project.id}`,
      headers: { 'content-type': 'text/plain' },
      payload: '[{',
    })
    expect(notJson.statusCode).toBe(400)
  })

  test('an attacker flooding one project is cut off by its event budget, per event', async () => {
    const ip = '10.1.3.1'
    const full = () => [...Array(MAX_BATCH_EVENTS)].map(() => track('FLOOD'))
    const batches = Math.floor(ANALYTICS_EVENTS_PER_MINUTE / MAX_BATCH_EVENTS)
    for (let i = 0; i < batches; i++) expect((await send(full(), ip)).statusCode).toBe(202)
    // The budget is spent: a further batch, or even a single `POST /e` track event, is refused.
    const over = await send([track('FLOOD')], ip)
    expect(over.statusCode).toBe(429)
    expect(over.json().error.code).toBe('RATE_LIMITED')
    const single = await t.app.inject({
      method: 'POST',
      url: `/e?projectId=${project.id}`,
      payload: track('FLOOD'),
      remoteAddress: ip,
    })
    expect(single.statusCode).toBe(429)
    // Another client of the same project is unaffected.
    expect((await send([track('CALM')], '10.1.3.2')).statusCode).toBe(202)
  })

  test('an unknown project or a foreign origin stores nothing and reads nothing', async () => {
    const before = (await t.app.db.select().from(analyticsEvents)).length
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/batch?projectId=ffffffffffffffffffffffffffffffff',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify([track('X')]),
    })
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json().error.code).toBe('INVALID_PROJECT_ID')
    const foreign = await send([track('X')], '10.1.4.1', { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error.code).toBe('ORIGIN_NOT_ALLOWED')
    expect((await t.app.db.select().from(analyticsEvents)).length).toBe(before)
  })

  test('GET /appkit/v1/project-limits: a self-hosted project is never over a limit', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/appkit/v1/project-limits?projectId=${project.id}`,
      headers: { origin: APP_ORIGIN },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
    expect(res.json()).toEqual({
      planLimits: { tier: 'none', isAboveRpcLimit: false, isAboveMauLimit: false },
    })
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/appkit/v1/project-limits?projectId=ffffffffffffffffffffffffffffffff',
    })
    expect(unknown.statusCode).toBe(403)
  })
})
