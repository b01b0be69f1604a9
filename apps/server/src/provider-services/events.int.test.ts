import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { analyticsEvents, errorReports } from '../db/schema/provider.js'
import { createProject, type ProjectView } from './projects.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const APP_ORIGIN = 'https://shop.example.org'

describe.each(['pglite', 'postgres'] as const)('POST /e on %s', (kind) => {
  let t: ProviderTestApp
  let project: ProjectView
  let quiet: ProjectView
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
    quiet = await createProject(t.app.db, { name: 'Quiet', origins: [APP_ORIGIN] })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('database is available', () => {
    expect(skip).toBe('')
  })

  let n = 0
  const errorReport = () => ({
    eventId: `e${++n}-${kind}`,
    url: `${APP_ORIGIN}/activity`,
    domain: 'shop.example.org',
    timestamp: new Date().toISOString(),
    props: {
      type: 'error',
      event: 'INTERNAL_SDK_ERROR',
      errorType: 'LatchError',
      errorMessage: 'Chain adapter not found',
      stackTrace: 'LatchError: Chain adapter not found\n    at x (y.js:1:1)',
    },
  })
  const track = (event: string, properties?: Record<string, unknown>) => ({
    eventId: `t${++n}-${kind}`,
    url: `${APP_ORIGIN}/`,
    domain: 'shop.example.org',
    timestamp: Date.now(),
    props: { type: 'track', event, address: '0xabc', ...(properties ? { properties } : {}) },
  })
  const post = (projectId: string, body: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/e?projectId=${projectId}&st=latch&sv=0.1.0`,
      payload: body as object,
      remoteAddress: ip,
    })

  test('stores an error report with its sdk info', async () => {
    const body = errorReport()
    const res = await post(project.id, body, '10.0.1.1')
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ stored: true })
    const rows = await t.app.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.eventId, body.eventId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      projectId: project.id,
      sdkType: 'latch',
      sdkVersion: '0.1.0',
      event: 'INTERNAL_SDK_ERROR',
      errorType: 'LatchError',
      errorMessage: 'Chain adapter not found',
      url: body.url,
      domain: body.domain,
    })
    expect(rows[0]!.clientTimestamp.toISOString()).toBe(body.timestamp)
    const dup = await post(project.id, body, '10.0.1.1')
    expect(dup.json()).toEqual({ stored: false, reason: 'duplicate' })
  })

  test('at most 5 error reports per 60 s per client; analytics events do not count', async () => {
    const ip = '10.0.2.2'
    for (let i = 0; i < 5; i++)
      expect((await post(project.id, errorReport(), ip)).statusCode).toBe(202)
    expect((await post(project.id, track('MODAL_OPEN'), ip)).statusCode).toBe(202)
    const sixth = await post(project.id, errorReport(), ip)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error.code).toBe('RATE_LIMITED')
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
    // Another client still reports.
    expect((await post(project.id, errorReport(), '10.0.2.3')).statusCode).toBe(202)
  })

  test('analytics events are stored only when the project enables analytics', async () => {
    const on = track('CONNECT_SUCCESS', {
      method: 'browser',
      name: 'MetaMask',
      caipNetworkId: 'eip155:1',
    })
    expect((await post(project.id, on, '10.0.3.1')).json()).toEqual({ stored: true })
    const off = track('CONNECT_SUCCESS')
    expect((await post(quiet.id, off, '10.0.3.1')).json()).toEqual({
      stored: false,
      reason: 'analytics-disabled',
    })
    const rows = await t.app.db.select().from(analyticsEvents)
    expect(rows.map((r) => r.eventId)).toContain(on.eventId)
    expect(rows.map((r) => r.eventId)).not.toContain(off.eventId)
    expect(rows.find((r) => r.eventId === on.eventId)).toMatchObject({
      event: 'CONNECT_SUCCESS',
      address: '0xabc',
      properties: { method: 'browser', name: 'MetaMask', caipNetworkId: 'eip155:1' },
    })
  })

  test('invalid bodies are refused and nothing is stored', async () => {
    const before = (await t.app.db.select().from(errorReports)).length
    const bad: unknown[] = [
      {},
      { ...errorReport(), props: { type: 'error', event: 'X' } },
      { ...errorReport(), props: { ...errorReport().props, type: 'other' } },
      { ...errorReport(), timestamp: 'yesterday' },
      { ...errorReport(), timestamp: '1999-01-01T00:00:00Z' },
      { ...errorReport(), url: 'a\u0000b' },
      { ...errorReport(), eventId: 'has space' },
      { ...track('X', { nested: 'a\u0000' }) },
      { ...track('X', { big: 'x'.repeat(9000) }) },
    ]
    for (const body of bad) {
      const res = await post(project.id, body, '10.0.4.1')
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400)
    }
    expect((await t.app.db.select().from(errorReports)).length).toBe(before)
  })

  test('a text/plain JSON body (sendBeacon) is accepted; text that is not JSON is a 400', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/e?projectId=${project.id}`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload,
        remoteAddress: '10.0.6.1',
      })
    expect((await send(JSON.stringify(track('MODAL_OPEN')))).json()).toEqual({ stored: true })
    const bad = await send('{not json')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.code).toBe('VALIDATION_ERROR')
  })

  test('an unknown project stores nothing', async () => {
    const res = await post('ffffffffffffffffffffffffffffffff', errorReport(), '10.0.5.1')
    expect(res.statusCode).toBe(403)
  })
})
