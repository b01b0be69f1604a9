import { describe, expect, test, vi } from 'vitest'
import { json, recordingFetch } from '../api/testing.js'
import { createErrorReporting } from '../errors/reporter.js'
import { emitEvent } from '../stores/events.js'
import { createStores } from '../stores/index.js'
import { startProviderServices } from './session.js'

const PAGE = 'http://localhost:5173'
const quiet = { warn: () => {} }

/** A stand-in Latch server for one project. */
function server(project: { origins: string[]; analytics: boolean; multiWallet?: boolean }) {
  return recordingFetch((url) => {
    switch (url.pathname) {
      case '/projects/v1/origins':
        return json({ allowedOrigins: project.origins })
      case '/appkit/v1/config':
        return json({
          features: [
            { id: 'social_login', isEnabled: true, config: ['email', 'google'] },
            { id: 'swap', isEnabled: false, config: [] },
            { id: 'multi_wallet', isEnabled: project.multiWallet ?? false, config: [] },
            { id: 'reown_branding', isEnabled: false, config: [] },
          ],
        })
      case '/getAnalyticsConfig':
        return json({ isAnalyticsEnabled: project.analytics })
      case '/e':
        return json({ stored: true }, 202)
      default:
        return json({ error: { code: 'NOT_FOUND', message: '' } }, 404)
    }
  })
}

describe('startProviderServices', () => {
  test('no project id: the alert, and not a single request', async () => {
    const stores = createStores()
    const s = server({ origins: [PAGE], analytics: true })
    const services = await startProviderServices({
      stores,
      baseUrl: 'http://latch.test',
      projectId: undefined,
      pageOrigin: PAGE,
      fetch: s.fetch,
      logger: quiet,
    })
    expect(stores.alerts.getState()).toMatchObject({
      open: true,
      message: 'Project ID Not Configured',
    })
    expect(services.api).toBeUndefined()
    expect(s.calls).toHaveLength(0)
  })

  test('merges remote flags into the options store and warns about the override', async () => {
    const stores = createStores()
    const s = server({ origins: [PAGE], analytics: false })
    const services = await startProviderServices({
      stores,
      baseUrl: 'http://latch.test',
      projectId: 'p1',
      pageOrigin: PAGE,
      localFeatures: { swaps: true },
      fetch: s.fetch,
      logger: quiet,
    })
    expect(stores.options.getState().features).toMatchObject({
      email: true,
      socials: ['google'],
      swaps: false,
      analytics: true,
      // The branding footer follows the project (docs/behaviour.md#flags).
      branding: false,
    })
    expect(stores.alerts.getState()).toMatchObject({
      message: 'Local configuration ignored',
      variant: 'warning',
    })
    services.stop()
  })

  test('a page on a non-allowed origin gets the error alert', async () => {
    const stores = createStores()
    await startProviderServices({
      stores,
      baseUrl: 'http://latch.test',
      projectId: 'p1',
      pageOrigin: 'http://127.0.0.1:9999',
      fetch: server({ origins: [PAGE], analytics: false }).fetch,
      logger: quiet,
    })
    expect(stores.alerts.getState()).toMatchObject({
      message: 'Origin Not Allowed',
      variant: 'error',
    })
  })

  test('analytics off in the app: events and errors flow, but not one analytics request', async () => {
    const stores = createStores({
      features: { ...createStores().options.getState().features, analytics: false },
    })
    const s = server({ origins: [PAGE], analytics: true })
    const services = await startProviderServices({
      stores,
      baseUrl: 'http://latch.test',
      projectId: 'p1',
      pageOrigin: PAGE,
      fetch: s.fetch,
      logger: quiet,
    })
    emitEvent(stores.events, { type: 'track', event: 'CONNECT_SUCCESS' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(services.analytics()).toBeUndefined()
    const paths = s.calls.map((c) => c.url.pathname)
    expect(paths).not.toContain('/getAnalyticsConfig')
    expect(paths.filter((p) => p === '/e')).toHaveLength(0)
    // Error reports are independent of analytics and on by default.
    const reports = await services.errorReports()
    createErrorReporting(reports?.reporter).report(new Error('Chain adapter not found'))
    await vi.waitFor(() => expect(s.calls.filter((c) => c.url.pathname === '/e')).toHaveLength(1))
    const posted = s.calls.filter((c) => c.url.pathname === '/e')
    expect(JSON.parse(String(posted[0]!.init?.body)).props.type).toBe('error')
    services.stop()
  })

  test('analytics on in the app and the project: track events are posted', async () => {
    const stores = createStores()
    const s = server({ origins: [PAGE], analytics: true })
    const services = await startProviderServices({
      stores,
      baseUrl: 'http://latch.test',
      projectId: 'p1',
      pageOrigin: PAGE,
      fetch: s.fetch,
      logger: quiet,
      errorReports: false,
    })
    emitEvent(stores.events, {
      type: 'track',
      event: 'SWITCH_NETWORK',
      properties: { network: 'eip155:1' },
    })
    await vi.waitFor(() => expect(s.calls.filter((c) => c.url.pathname === '/e')).toHaveLength(1))
    const posts = s.calls.filter((c) => c.url.pathname === '/e')
    expect(JSON.parse(String(posts[0]!.init?.body)).props).toMatchObject({
      event: 'SWITCH_NETWORK',
    })
    services.stop()
  })
})
