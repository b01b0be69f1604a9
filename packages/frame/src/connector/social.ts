import { errorMessages, LatchError } from '@latch/core'
import type { EmbeddedWallet } from '../client/wallet.js'

const CLOSED_POLL_MS = 300

/** The visitor closed the provider's window before signing in. */
export class SocialPopupClosedError extends LatchError {
  override name = 'SocialPopupClosedError'
  constructor() {
    super(errorMessages.popupClosed)
  }
}

/** The browser refused to open the provider's window. */
export class SocialPopupBlockedError extends LatchError {
  override name = 'SocialPopupBlockedError'
  constructor() {
    super('Allow pop-ups for this site to sign in', {
      details: 'window.open returned null: a popup blocker refused the sign-in window.',
    })
  }
}

/** The provider or the server ended the sign-in; the message says why ('… was declined'). */
export class SocialSignInError extends LatchError {
  override name = 'SocialSignInError'
}

/**
 * Waits for the server's callback page in the popup to hand over the result code. Only a
 * message from that popup, sent from the server's origin, counts; any other page can post
 * whatever it likes and is ignored.
 */
export function waitForSocialResult(
  popup: Window,
  callbackOrigin: string,
  options: { signal?: AbortSignal | undefined; target?: Window } = {},
): Promise<string> {
  const target = options.target ?? window
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      target.removeEventListener('message', onMessage)
      clearInterval(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== callbackOrigin) return
      const data = event.data as { type?: unknown; result?: unknown; error?: unknown } | null
      if (data?.type !== 'latch:social') return
      done()
      if (typeof data.result === 'string') resolve(data.result)
      else
        reject(
          new SocialSignInError(
            typeof data.error === 'string' ? data.error : errorMessages.failedToConnect,
          ),
        )
    }
    const onAbort = () => {
      done()
      reject(new SocialPopupClosedError())
    }
    // No event tells a page that a window it opened was closed: look a few times a second.
    const timer = setInterval(() => {
      if (!popup.closed) return
      done()
      reject(new SocialPopupClosedError())
    }, CLOSED_POLL_MS)
    target.addEventListener('message', onMessage)
    options.signal?.addEventListener('abort', onAbort)
  })
}

/**
 * Sign In With Farcaster through the frame (docs/social.md#farcaster): opens the channel, hands
 * its link to the UI, then waits for the visitor's Farcaster app. `remember` keeps the seed's
 * connected-social key while the user loads, and drops it on failure.
 */
export async function signInWithFarcaster(
  embedded: EmbeddedWallet,
  { onUrl, signal }: { onUrl(url: string): void; signal?: AbortSignal | undefined },
  remember: (signedIn: boolean) => void,
): Promise<void> {
  const { url } = await embedded.farcasterUri()
  signal?.throwIfAborted()
  onUrl(url)
  remember(true)
  try {
    await embedded.connectFarcaster(url)
  } catch (error) {
    remember(false)
    throw error
  }
}
