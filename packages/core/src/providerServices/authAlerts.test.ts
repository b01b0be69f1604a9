import { describe, expect, it } from 'vitest'
import type { AuthConnector } from '../auth/types.js'
import { createLatch } from '../createLatch.js'
import { closeAlert } from '../stores/alerts.js'

// The secure frame's alerts reach the one alert surface through the controller's watchers: an
// auth connector with `onAlert` (the frame's, in packages/frame) is heard while mounted only.
function authWithAlerts() {
  const listeners = new Set<(alert: string, message: string) => void>()
  const auth = {
    connectorId: 'latch-auth',
    namespaces: ['eip155'],
    signInWithEmail: async () => {},
    updateEmail: async () => ({ action: 'VERIFY_SECONDARY_OTP' }),
    updateEmailPrimaryCode: async () => {},
    updateEmailSecondaryCode: async () => ({ email: '' }),
    getUser: () => undefined,
    subscribe: () => () => {},
    onAlert(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } satisfies AuthConnector
  const raise = (alert: string, message: string) => {
    for (const listener of listeners) listener(alert, message)
  }
  return { auth, raise, listeners }
}

describe("the frame's alerts", () => {
  it('show in the sentence the frame gave, each code once per session, while mounted', () => {
    const { auth, raise, listeners } = authWithAlerts()
    const latch = createLatch({
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      auth,
    })
    raise('iframe_load_failed', 'Unable to load email login dependency')
    expect(latch.stores.alerts.getState().open).toBe(false)
    const unmount = latch.mount()
    raise('iframe_request_timeout', 'The secure wallet did not answer in time. Please try again.')
    expect(latch.stores.alerts.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'The secure wallet did not answer in time. Please try again.',
    })
    closeAlert(latch.stores.alerts)
    raise('iframe_request_timeout', 'The secure wallet did not answer in time. Please try again.')
    expect(latch.stores.alerts.getState().open).toBe(false)
    raise('Action not allowed', 'Action not allowed')
    expect(latch.stores.alerts.getState()).toMatchObject({
      open: true,
      message: 'Action not allowed',
    })
    unmount()
    expect(listeners.size).toBe(0)
  })

  it('need no onAlert: a connector without one mounts as before', () => {
    const { auth } = authWithAlerts()
    const { onAlert: _, ...withoutAlerts } = auth
    const latch = createLatch({
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      auth: withoutAlerts,
    })
    latch.mount()()
    expect(latch.stores.alerts.getState().open).toBe(false)
  })
})
