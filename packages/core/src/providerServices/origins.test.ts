import { describe, expect, test } from 'vitest'
import { createApiClient } from '../api/client.js'
import { json, recordingFetch } from '../api/testing.js'
import { createAlertsStore } from '../stores/alerts.js'
import { isOriginAllowed } from '../wire/originMatch.js'
import { raiseProviderAlert } from './alerts.js'
import { checkOrigin } from './origins.js'

const PAGE = 'http://localhost:5173'

function apiAnswering(response: () => Response) {
  const server = recordingFetch(response)
  return {
    server,
    api: createApiClient({ baseUrl: 'http://latch.test', projectId: 'p1', fetch: server.fetch }),
  }
}

describe('checkOrigin', () => {
  test('no project id: PROJECT_ID_NOT_CONFIGURED and no request', async () => {
    const { server, api } = apiAnswering(() => json({ allowedOrigins: [PAGE] }))
    expect(await checkOrigin({ api, projectId: undefined, pageOrigin: PAGE })).toMatchObject({
      code: 'PROJECT_ID_NOT_CONFIGURED',
      variant: 'error',
    })
    expect(server.calls).toHaveLength(0)
  })

  test('an allowed page origin raises nothing', async () => {
    const { api } = apiAnswering(() => json({ allowedOrigins: ['https://x.test', PAGE] }))
    expect(await checkOrigin({ api, projectId: 'p1', pageOrigin: PAGE })).toBeNull()
  })

  test("a page origin not on the list: 'origin not allowed'", async () => {
    const { api } = apiAnswering(() => json({ allowedOrigins: ['https://x.test'] }))
    const alert = await checkOrigin({ api, projectId: 'p1', pageOrigin: PAGE })
    expect(alert).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin Not Allowed' })
    expect(alert?.debugMessage).toContain(PAGE)
  })

  test.each([
    [() => json({}, 429), 'RATE_LIMITED'],
    [() => json({}, 502), 'SERVER_ERROR'],
    [
      () => json({ error: { code: 'INVALID_PROJECT_ID', message: 'Invalid project id' } }, 403),
      'INVALID_PROJECT_ID',
    ],
    // Anything else is an empty list, hence "origin not allowed" (docs/behaviour.md#wire).
    [() => json({}, 404), 'ORIGIN_NOT_ALLOWED'],
    [() => json({ error: { code: 'FORBIDDEN', message: 'x' } }, 403), 'ORIGIN_NOT_ALLOWED'],
    [() => new Response('not json', { status: 200 }), 'ORIGIN_NOT_ALLOWED'],
  ])('answer %# → %s', async (response, code) => {
    const { api } = apiAnswering(response)
    expect(await checkOrigin({ api, projectId: 'p1', pageOrigin: PAGE })).toMatchObject({ code })
  })

  test('the alert shows once per session in the alerts store', () => {
    const store = createAlertsStore()
    const logged: string[] = []
    const logger = { warn: (m: string) => logged.push(m) }
    raiseProviderAlert(
      store,
      {
        code: 'ORIGIN_NOT_ALLOWED',
        variant: 'error',
        message: 'Origin Not Allowed',
        debugMessage: 'd',
      },
      logger,
    )
    expect(store.getState()).toMatchObject({
      open: true,
      message: 'Origin Not Allowed',
      variant: 'error',
    })
    store.setState({ open: false })
    raiseProviderAlert(
      store,
      {
        code: 'ORIGIN_NOT_ALLOWED',
        variant: 'error',
        message: 'Origin Not Allowed',
        debugMessage: 'd',
      },
      logger,
    )
    expect(store.getState().open).toBe(false)
    expect(logged[0]).toContain('Origin Not Allowed')
  })
})

describe('isOriginAllowed (client copy of the server rule)', () => {
  test('exact, wildcard, star', () => {
    expect(isOriginAllowed('https://a.example.com', ['https://*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://example.com', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://evilexample.com', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('http://localhost:5173', ['http://localhost:5173'])).toBe(true)
    expect(isOriginAllowed('http://localhost:5174', ['http://localhost:5173'])).toBe(false)
    expect(isOriginAllowed('https://x.test', ['*'])).toBe(true)
    expect(isOriginAllowed('https://x.test', [])).toBe(false)
  })
})
