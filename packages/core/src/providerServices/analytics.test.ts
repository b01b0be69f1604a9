import { describe, expect, test } from 'vitest'
import { createApiClient } from '../api/client.js'
import { json, recordingFetch } from '../api/testing.js'
import { createEventsStore, emitEvent } from '../stores/events.js'
import { createAnalyticsClient } from './analytics.js'

function setup(projectEnabled: boolean | 'fails') {
  const server = recordingFetch((url) => {
    if (url.pathname === '/getAnalyticsConfig')
      return projectEnabled === 'fails'
        ? json({}, 500)
        : json({ isAnalyticsEnabled: projectEnabled })
    return json({ stored: true }, 202)
  })
  const api = createApiClient({
    baseUrl: 'http://latch.test',
    projectId: 'p1',
    fetch: server.fetch,
  })
  return { server, api }
}

describe('analytics client', () => {
  test('app disables analytics: ZERO requests, config included, whatever happens', async () => {
    const { server, api } = setup(true)
    const analytics = createAnalyticsClient({ api, enabled: false })
    const events = createEventsStore()
    analytics.connect(events)
    expect(await analytics.isEnabled()).toBe(false)
    expect(await analytics.track({ event: 'CONNECT_SUCCESS' })).toBe(false)
    emitEvent(events, { type: 'track', event: 'MODAL_OPEN' })
    emitEvent(events, {
      type: 'track',
      event: 'SWITCH_NETWORK',
      properties: { network: 'eip155:1' },
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(server.calls).toHaveLength(0)
  })

  test('project disables analytics: only the config request, once', async () => {
    const { server, api } = setup(false)
    const analytics = createAnalyticsClient({ api, enabled: true })
    expect(await analytics.track({ event: 'CONNECT_SUCCESS' })).toBe(false)
    expect(await analytics.track({ event: 'CONNECT_ERROR' })).toBe(false)
    expect(server.calls.map((c) => c.url.pathname)).toEqual(['/getAnalyticsConfig'])
  })

  test('a failing config request counts as disabled', async () => {
    const { server, api } = setup('fails')
    const analytics = createAnalyticsClient({ api, enabled: true })
    expect(await analytics.track({ event: 'X' })).toBe(false)
    expect(server.calls.map((c) => c.url.pathname)).toEqual(['/getAnalyticsConfig'])
  })

  test('both enable: track events from the store are posted as reference-shaped bodies', async () => {
    const { server, api } = setup(true)
    const analytics = createAnalyticsClient({ api, enabled: true })
    const events = createEventsStore()
    const stop = analytics.connect(events, () => '0xabc')
    emitEvent(events, {
      type: 'track',
      event: 'ERROR_FETCH_TRANSACTIONS',
      properties: { address: '0xabc', projectId: 'p1', cursor: 'c2', isSmartAccount: false },
    })
    emitEvent(events, { type: 'sdk', event: 'ACCOUNT_CHANGED' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    await analytics.isEnabled()
    await new Promise((resolve) => setTimeout(resolve, 0))
    stop()
    const posts = server.calls.filter((c) => c.url.pathname === '/e')
    expect(posts).toHaveLength(1)
    const body = JSON.parse(String(posts[0]!.init?.body))
    expect(body).toMatchObject({
      eventId: expect.any(String),
      timestamp: expect.any(Number),
      props: {
        type: 'track',
        event: 'ERROR_FETCH_TRANSACTIONS',
        address: '0xabc',
        properties: { address: '0xabc', projectId: 'p1', cursor: 'c2', isSmartAccount: false },
      },
    })
  })

  test('switching analytics off at runtime stops requests', async () => {
    const { server, api } = setup(true)
    let enabled = true
    const analytics = createAnalyticsClient({ api, enabled: () => enabled })
    expect(await analytics.track({ event: 'A' })).toBe(true)
    enabled = false
    expect(await analytics.track({ event: 'B' })).toBe(false)
    expect(server.calls.filter((c) => c.url.pathname === '/e')).toHaveLength(1)
  })
})
