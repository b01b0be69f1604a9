import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AuthApi, createAuthApi } from './api.js'
import { createFrameServices } from './services.js'
import { APPROVE_DELAY_MS, createApprovalUi } from './ui/approve.js'

/**
 * The frame's services with the real approval UI and an API whose session and email-update calls
 * are recorded instead of sent: what matters here is whether the server is asked at all.
 */
function frame() {
  const items = new Map<string, string>([['latch-frame/session', '{"token":"t0ken"}']])
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  const calls: string[] = []
  const api: AuthApi = {
    ...createAuthApi('http://127.0.0.1:9', 'p1'),
    session: async () => {
      calls.push('session')
      return { email: 'ada@example.com', evmAddress: null, solanaAddress: null }
    },
    updateEmail: async (_token, email) => {
      calls.push(`updateEmail ${email}`)
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },
  }
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const { services } = createFrameServices({
    api,
    storage,
    ui: createApprovalUi(root, { show() {}, hide() {} }),
    root,
    visibility: { show() {}, hide() {} },
    callbackOrigin: 'http://127.0.0.1:9',
    window,
    origin: 'http://localhost:5173',
    chainId: 'eip155:31337',
    proxyUrl: () => 'http://127.0.0.1:9/v1/',
  })
  const signal = new AbortController().signal
  const update = (email: string) => services.UPDATE_EMAIL({ email }, { signal })
  const view = () => root.querySelector('[data-view="ConfirmEmailChange"]')
  const click = (id: string) =>
    root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click()
  return { calls, update, view, click }
}

afterEach(() => vi.useRealTimers())

describe('UPDATE_EMAIL', () => {
  it('asks in the frame first; Cancel answers 4001 and the server is never asked', async () => {
    const f = frame()
    const answer = f.update('mallory@evil.example')
    await vi.waitFor(() => expect(f.view()).not.toBeNull())
    expect(f.view()!.querySelector('h1')?.textContent).toBe(
      'Change sign-in email from ada@example.com to mallory@evil.example',
    )
    f.click('cancel')
    await expect(answer).rejects.toMatchObject({
      message: 'User rejected the request.',
      code: 4001,
    })
    expect(f.calls).toEqual(['session'])
  })

  it('Confirm (once enabled) starts the change on the server with the normalised address', async () => {
    vi.useFakeTimers()
    const f = frame()
    const answer = f.update('  New@Example.com ')
    await vi.advanceTimersByTimeAsync(0)
    expect(f.view()!.querySelector('h1')?.textContent).toBe(
      'Change sign-in email from ada@example.com to new@example.com',
    )
    // A click before the view was seen for 500 ms does nothing.
    f.click('confirm')
    await vi.advanceTimersByTimeAsync(0)
    expect(f.calls).toEqual(['session'])
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    f.click('confirm')
    expect(await answer).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(f.calls).toEqual(['session', 'updateEmail new@example.com'])
  })

  it('refuses the current address without asking anyone', async () => {
    const f = frame()
    await expect(f.update('ADA@example.com')).rejects.toThrow('That is already your email')
    expect(f.view()).toBeNull()
    expect(f.calls).toEqual(['session'])
  })
})
