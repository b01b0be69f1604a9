import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deferred, mount, TestAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

/** The AUTH double with Sign In With Farcaster: each attempt shows a link, then waits. */
class FarcasterAuth extends TestAuth {
  attempts: { signal: AbortSignal | undefined; answer: ReturnType<typeof deferred<void>> }[] = []
  async connectFarcaster(options: { onUrl(url: string): void; signal?: AbortSignal }) {
    const answer = deferred<void>()
    this.attempts.push({ signal: options.signal, answer })
    options.onUrl(`https://farcaster.xyz/~/siwf?channelToken=channel${this.attempts.length}`)
    await answer.promise
    this.setUser('')
  }
}

const withFarcaster = { socials: ['google', 'x', 'farcaster', 'discord'] as never }
const labels = (dialog: HTMLElement) =>
  [...within(dialog).getByTestId('socials').querySelectorAll('button')].map((b) => b.textContent)

async function openFarcaster(auth: FarcasterAuth) {
  const mounted = await mount({ auth, features: withFarcaster })
  fireEvent.click(
    await within(mounted.dialog).findByRole('button', { name: 'Continue with Farcaster' }),
  )
  await waitFor(() => expect(view(mounted.dialog)).toBe('ConnectingFarcaster'))
  await within(mounted.dialog).findByTestId('farcaster-qr')
  return mounted
}

describe('Farcaster in the modal', () => {
  it("is offered in the seed's order only when the connector signs in with Farcaster", async () => {
    const withIt = await mount({ auth: new FarcasterAuth(), features: withFarcaster })
    await within(withIt.dialog).findByTestId('socials')
    // The double has no popup sign-in: only Farcaster of the four shows.
    expect(labels(withIt.dialog)).toEqual(['Farcaster'])
    cleanup()
    const without = await mount({ auth: new TestAuth(), features: withFarcaster })
    await waitFor(() => expect(view(without.dialog)).toBe('Connect'))
    expect(within(without.dialog).queryByTestId('socials')).toBeNull()
  })

  it('shows the link as a QR code and an app link, and closes once the Farcaster app has signed', async () => {
    const auth = new FarcasterAuth()
    const { dialog, client } = await openFarcaster(auth)
    expect(within(dialog).getByTestId('view-farcaster').dataset.phase).toBe('waiting')
    // StrictMode runs the effect twice: the first attempt is abandoned, the last one shows.
    expect(auth.attempts[0]!.signal?.aborted).toBe(auth.attempts.length > 1)
    expect(within(dialog).getByTestId('farcaster-open-app').getAttribute('href')).toBe(
      `https://farcaster.xyz/~/siwf?channelToken=channel${auth.attempts.length}`,
    )
    expect(within(dialog).getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeTruthy()
    await act(async () => auth.attempts.at(-1)!.answer.resolve())
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
  })

  it('says why it failed and retries with a new channel; leaving the view stops waiting', async () => {
    const auth = new FarcasterAuth()
    const { dialog } = await openFarcaster(auth)
    await act(async () =>
      auth.attempts
        .at(-1)!
        .answer.reject(new Error('Farcaster did not answer in time; start again')),
    )
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Farcaster did not answer in time; start again')
    const before = auth.attempts.length
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(auth.attempts.length).toBeGreaterThan(before))
    const latest = auth.attempts.at(-1)!
    await waitFor(() =>
      expect(within(dialog).getByTestId('farcaster-open-app').getAttribute('href')).toBe(
        `https://farcaster.xyz/~/siwf?channelToken=channel${auth.attempts.length}`,
      ),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    expect(latest.signal?.aborted).toBe(true)
  })
})
