import { describe, expect, it } from 'vitest'
import { SocialPopupClosedError, SocialSignInError, waitForSocialResult } from './social.js'

// The page takes the sign-in result only from the popup it opened, and only as sent from the
// server's origin: every other window and origin is an attacker trying to slip in a result.
const SERVER = 'http://localhost:8787'

function fakePopup() {
  return { closed: false } as unknown as Window & { closed: boolean }
}

function post(data: unknown, origin: string, source: unknown) {
  const event = new MessageEvent('message', { data, origin })
  Object.defineProperty(event, 'source', { value: source })
  window.dispatchEvent(event)
}

describe('waitForSocialResult', () => {
  it("resolves with the result the server's page in the popup sent", async () => {
    const popup = fakePopup()
    const waiting = waitForSocialResult(popup, SERVER)
    post({ type: 'latch:social', result: 'r'.repeat(43) }, SERVER, popup)
    await expect(waiting).resolves.toBe('r'.repeat(43))
  })

  it('ignores a result from another origin, another window or of another shape', async () => {
    const popup = fakePopup()
    const other = fakePopup()
    const waiting = waitForSocialResult(popup, SERVER)
    post({ type: 'latch:social', result: 'forged-by-origin' }, 'http://evil.localhost', popup)
    post({ type: 'latch:social', result: 'forged-by-window' }, SERVER, other)
    post({ type: 'something-else', result: 'forged-type' }, SERVER, popup)
    post('latch:social', SERVER, popup)
    post({ type: 'latch:social', result: 'the-real-one' }, SERVER, popup)
    await expect(waiting).resolves.toBe('the-real-one')
  })

  it("rejects with the provider's refusal as the server worded it", async () => {
    const popup = fakePopup()
    const waiting = waitForSocialResult(popup, SERVER)
    post({ type: 'latch:social', error: 'Sign-in with Google was declined' }, SERVER, popup)
    await expect(waiting).rejects.toThrow(SocialSignInError)
    await expect(waiting).rejects.toThrow('Sign-in with Google was declined')
  })

  it("rejects with 'Popup closed' once the visitor closes the window", async () => {
    const popup = fakePopup()
    const waiting = waitForSocialResult(popup, SERVER)
    popup.closed = true
    await expect(waiting).rejects.toThrow(SocialPopupClosedError)
    await expect(waiting).rejects.toThrow('Popup closed')
  })

  it("rejects with 'Popup closed' when the modal gives up (abort)", async () => {
    const abort = new AbortController()
    const waiting = waitForSocialResult(fakePopup(), SERVER, { signal: abort.signal })
    abort.abort()
    await expect(waiting).rejects.toThrow('Popup closed')
  })
})
