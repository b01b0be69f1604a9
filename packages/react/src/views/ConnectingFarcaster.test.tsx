import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CancelledInFrame,
  fields,
  mount,
  SocialAuth,
  TestAuth,
  view,
} from './authDouble.testing.js'

afterEach(cleanup)

/** The double with Sign In With Farcaster only (no OAuth providers). */
class FarcasterAuth extends TestAuth {
  connectFarcaster(options?: { signal?: AbortSignal | undefined }) {
    return this.frame('connectFarcaster', [], options?.signal, '')
  }
}

const withFarcaster = { socials: ['google', 'x', 'farcaster', 'discord'] as never }
const labels = (dialog: HTMLElement) =>
  [...within(dialog).getByTestId('socials').querySelectorAll('button')].map((b) => b.textContent)

async function openFarcaster(auth: TestAuth) {
  const mounted = await mount({ auth, features: withFarcaster })
  fireEvent.click(
    await within(mounted.dialog).findByRole('button', { name: 'Continue with Farcaster' }),
  )
  await waitFor(() => expect(view(mounted.dialog)).toBe('ConnectingFarcaster'))
  await within(mounted.dialog).findByTestId('view-farcaster')
  await act(async () => {})
  return mounted
}

describe('Farcaster in the modal', () => {
  it("is offered in the seed's order only when the connector signs in with Farcaster", async () => {
    const withIt = await mount({ auth: new FarcasterAuth(), features: withFarcaster })
    await within(withIt.dialog).findByTestId('socials')
    // The double has no popup sign-in: only Farcaster of the four shows.
    expect(labels(withIt.dialog)).toEqual(['Farcaster'])
    cleanup()
    const all = await mount({ auth: new SocialAuth(), features: withFarcaster })
    await within(all.dialog).findByTestId('socials')
    expect(labels(all.dialog)).toEqual(['Google', 'X', 'Farcaster', 'Discord'])
    cleanup()
    const without = await mount({ auth: new TestAuth(), features: withFarcaster })
    await waitFor(() => expect(view(without.dialog)).toBe('Connect'))
    expect(within(without.dialog).queryByTestId('socials')).toBeNull()
  })

  it('shows no QR code, link or field: it points to the frame, then connects and closes', async () => {
    const auth = new FarcasterAuth()
    const { dialog, client, adapter } = await openFarcaster(auth)
    // One channel under StrictMode, with a live signal.
    expect(auth.calls).toEqual([['connectFarcaster']])
    expect(auth.attempt.signal?.aborted).toBe(false)
    const farcaster = within(dialog).getByTestId('view-farcaster')
    expect(farcaster.querySelector('a, img, svg:not([aria-hidden]), canvas')).toBeNull()
    expect(fields(farcaster)).toHaveLength(0)
    expect(farcaster.textContent).not.toMatch(/https?:|farcaster\.xyz|channel/i)
    expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe(
      'Continue in the wallet window',
    )
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Scan the QR code in the secure wallet window with your Farcaster app, then confirm the account there.',
    )
    await act(async () => auth.attempt.outcome.resolve())
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([
      { method: 'connect', args: 'latch-auth' },
    ])
  })

  it('goes back silently when the visitor declines the account in the frame', async () => {
    const auth = new FarcasterAuth()
    const { dialog } = await openFarcaster(auth)
    await act(async () => auth.attempt.outcome.reject(new CancelledInFrame()))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('says why it failed and retries with a new channel; leaving the view stops waiting', async () => {
    const auth = new FarcasterAuth()
    const { dialog } = await openFarcaster(auth)
    await act(async () =>
      auth.attempt.outcome.reject(new Error('Farcaster did not answer in time; start again')),
    )
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Farcaster did not answer in time; start again')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(auth.attempts).toHaveLength(2))
    const latest = auth.attempt
    expect(latest.signal?.aborted).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    await waitFor(() => expect(latest.signal?.aborted).toBe(true))
  })
})
