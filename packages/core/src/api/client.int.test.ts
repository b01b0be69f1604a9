import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { analyticsEvents, errorReports } from '../../../../apps/server/src/db/schema/provider.js'
import { createProject } from '../../../../apps/server/src/provider-services/projects.js'
import {
  openTestApp,
  type ProviderTestApp,
} from '../../../../apps/server/src/provider-services/testing.js'
import { createAnalyticsClient } from '../providerServices/analytics.js'
import { createErrorReportClient } from '../providerServices/errorReports.js'
import { checkOrigin } from '../providerServices/origins.js'
import { loadRemoteFeatures } from '../providerServices/remoteConfig.js'
import { createApiClient } from './client.js'

// The client against the real server over HTTP: proves both sides agree on the wire.
describe('provider API client ↔ Latch server', () => {
  let t: ProviderTestApp
  let baseUrl: string
  let projectId: string

  beforeAll(async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const project = await createProject(t.app.db, {
      name: 'Wire',
      origins: ['http://localhost:5173'],
      analyticsEnabled: true,
      features: { multiWallet: true, onramp: false },
    })
    projectId = project.id
  })
  afterAll(async () => {
    await t?.close()
  })

  test('origins: allowed page passes, another page and an unknown project raise alerts', async () => {
    const api = createApiClient({ baseUrl, projectId })
    expect(await checkOrigin({ api, projectId, pageOrigin: 'http://localhost:5173' })).toBeNull()
    expect(
      await checkOrigin({ api, projectId, pageOrigin: 'http://127.0.0.1:4000' }),
    ).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
    })
    const unknown = createApiClient({ baseUrl, projectId: 'ffffffffffffffffffffffffffffffff' })
    expect(
      await checkOrigin({ api: unknown, projectId: 'ffff', pageOrigin: 'http://localhost:5173' }),
    ).toMatchObject({ code: 'INVALID_PROJECT_ID' })
  })

  test('remote config merges over local settings with the override notice', async () => {
    const api = createApiClient({ baseUrl, projectId })
    const result = await loadRemoteFeatures({ api, local: { onramp: true } })
    expect(result.source).toBe('remote')
    // This test server has no SMTP and no on-ramp provider, so it serves neither.
    expect(result.features).toMatchObject({ multiWallet: true, onramp: false, email: false })
    expect(result.alerts.map((a) => a.code)).toEqual(['LOCAL_CONFIG_OVERRIDDEN'])
  })

  test('wallets and images', async () => {
    const api = createApiClient({ baseUrl, projectId })
    const page = await api.getWallets({ page: 1, entries: 4, chains: ['eip155:31337'] })
    expect(page.data.map((w) => w.id)).toEqual(['metamask', 'trust', 'coinbase', 'rainbow'])
    expect(page.count).toBeGreaterThanOrEqual(40)
    const image = await fetch(api.walletImageUrl(page.data[0]!.image_id!))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
  })

  test('analytics and error reports reach the database', async () => {
    const api = createApiClient({ baseUrl, projectId })
    const analytics = createAnalyticsClient({ api, enabled: true })
    expect(
      await analytics.track({ event: 'CONNECT_SUCCESS', properties: { name: 'MetaMask' } }),
    ).toBe(true)
    const reports = createErrorReportClient({ api })
    const sent = []
    for (let i = 0; i < 6; i++) sent.push(await reports.report(new Error(`boom ${i}`)))
    // The client stops at 5, before the server has to.
    expect(sent).toEqual([true, true, true, true, true, false])
    expect(await t.app.db.select().from(errorReports)).toHaveLength(5)
    const events = await t.app.db.select().from(analyticsEvents)
    expect(events.map((e) => e.event)).toEqual(['CONNECT_SUCCESS'])
  })
})
