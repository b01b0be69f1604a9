import { openModal } from '@latch/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  blocks,
  CancelledInFrame,
  fields,
  mount,
  submitEmail,
  TestAuth,
  view,
} from './authDouble.testing.js'

afterEach(cleanup)

describe('the email field in the Connect view', () => {
  it('comes first when no wallet is installed, after the wallets when one is', async () => {
    const first = await mount()
    expect(blocks(first.dialog)).toEqual(['email'])
    const field = within(first.dialog).getByLabelText('Email') as HTMLInputElement
    expect(field.type).toBe('email')
    expect(field.autocomplete).toBe('email')
    cleanup()

    const second = await mount({ installed: true })
    expect(blocks(second.dialog)).toEqual(['injected', 'email'])
  })

  it('is absent without auth, for a namespace auth does not serve, and with email off', async () => {
    for (const options of [
      { auth: undefined },
      { auth: new TestAuth(['solana']) },
      { features: { email: false } },
    ]) {
      const { dialog } = await mount({ installed: true, ...options })
      expect(blocks(dialog)).toEqual(['injected'])
      expect(within(dialog).queryByLabelText('Email')).toBeNull()
      cleanup()
    }
  })

  it('never lists the AUTH connector as a wallet', async () => {
    for (const auth of [new TestAuth(), undefined]) {
      const { dialog } = await mount({ installed: true, auth })
      expect(within(dialog).getByTestId('wallet-io.metamask')).toBeTruthy()
      expect(within(dialog).queryByTestId('wallet-latch-auth')).toBeNull()
      for (const list of dialog.querySelectorAll('.latch-list'))
        expect(list.textContent).not.toContain('Email')
      cleanup()
    }
  })

  it('refuses a malformed email inline and sends nothing', async () => {
    const auth = new TestAuth()
    const { dialog } = await mount({ auth })
    await submitEmail(dialog, 'not-an-email')
    const field = within(dialog).getByLabelText('Email')
    const alert = within(dialog).getByRole('alert')
    expect(alert.textContent).toBe('Enter a valid email address, like name@example.com.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toBe(alert.id)
    expect(auth.calls).toEqual([])
  })
})

/** Submits the email and waits for the view that waits on the frame. */
async function signIn(auth: TestAuth, email = 'a@example.com') {
  const mounted = await mount({ auth })
  await submitEmail(mounted.dialog, email)
  await within(mounted.dialog).findByTestId('view-email-signin')
  // StrictMode's second effect run has passed: the attempts are all there.
  await act(async () => {})
  return mounted
}

const connects = (adapter: Awaited<ReturnType<typeof mount>>['adapter']) =>
  adapter.calls.filter((c) => c.method === 'connect')

describe('email sign-in, run by the secure frame', () => {
  it('asks the frame once with the typed email, says where the code goes, then connects and closes', async () => {
    const auth = new TestAuth()
    const { dialog, adapter, client } = await signIn(auth, ' a@example.com ')
    expect(view(dialog)).toBe('EmailVerifyOtp')
    // One sign-in under StrictMode (a second would mail a second code), with a live signal.
    expect(auth.calls).toEqual([['signInWithEmail', 'a@example.com']])
    expect(auth.attempt.signal).toBeInstanceOf(AbortSignal)
    expect(auth.attempt.signal?.aborted).toBe(false)
    expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe(
      'Continue in the wallet window',
    )
    const status = within(dialog).getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe(
      'Enter the code we sent to a@example.com in the secure wallet window. Never type it anywhere else.',
    )
    expect(connects(adapter)).toEqual([])

    await act(async () => auth.attempt.outcome.resolve())
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(connects(adapter)).toEqual([{ method: 'connect', args: 'latch-auth' }])
    expect(client.stores.chain.getState().chains.eip155?.accountState.status).toBe('connected')
  })

  it('has no field for the code in any state: the page never asks for it', async () => {
    const auth = new TestAuth()
    const { dialog } = await signIn(auth)
    const signInView = within(dialog).getByTestId('view-email-signin')
    expect(fields(signInView)).toHaveLength(0)
    expect(dialog.querySelector('[autocomplete="one-time-code"]')).toBeNull()
    await act(async () => auth.attempt.outcome.reject(new Error('Invalid code')))
    await within(dialog).findByRole('alert')
    expect(fields(within(dialog).getByTestId('view-email-signin'))).toHaveLength(0)
  })

  it('goes back to the email form silently when the visitor cancels in the frame', async () => {
    const auth = new TestAuth()
    const { dialog, adapter } = await signIn(auth)
    await act(async () => auth.attempt.outcome.reject(new CancelledInFrame()))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    expect(within(dialog).getByLabelText('Email')).toBeTruthy()
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(connects(adapter)).toEqual([])
  })

  it("shows the connector's refusal (the 30 s throttle) with a retry that asks again", async () => {
    const auth = new TestAuth()
    const { dialog, client } = await signIn(auth)
    await act(async () =>
      auth.attempt.outcome.reject(new Error('Please try again after 12 seconds')),
    )
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Please try again after 12 seconds')
    const retry = within(dialog).getByRole('button', { name: 'Try again' })
    await waitFor(() => expect(document.activeElement).toBe(retry))
    expect(view(dialog)).toBe('EmailVerifyOtp')

    fireEvent.click(retry)
    await waitFor(() => expect(auth.attempts).toHaveLength(2))
    expect(auth.attempt.args).toEqual(['a@example.com'])
    expect(within(dialog).queryByRole('alert')).toBeNull()
    await act(async () => auth.attempt.outcome.resolve())
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
  })

  it('retries a failed connection without signing in again', async () => {
    const auth = new TestAuth()
    const { dialog, adapter, client } = await signIn(auth)
    const connect = adapter.behaviour.connect
    adapter.behaviour.connect = async () => {
      throw new Error('The wallet is busy')
    }
    await act(async () => auth.attempt.outcome.resolve())
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to connect')
    adapter.behaviour.connect = connect
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(auth.attempts).toHaveLength(1)
    expect(connects(adapter)).toHaveLength(2)
  })

  it('aborts the sign-in when the visitor leaves: Cancel, Back or closing the modal', async () => {
    for (const leave of ['Cancel', 'Back', 'Close'] as const) {
      const auth = new TestAuth()
      const { dialog, client } = await signIn(auth)
      const { signal } = auth.attempt
      fireEvent.click(within(dialog).getByRole('button', { name: leave }))
      await waitFor(() => expect(signal?.aborted).toBe(true))
      if (leave === 'Close') expect(client.stores.router.getState().open).toBe(false)
      else expect(view(dialog)).toBe('Connect')
      // A late answer of the aborted sign-in changes nothing.
      await act(async () => auth.attempt.outcome.reject(new Error('Request was aborted')))
      expect(screen.queryByRole('alert')).toBeNull()
      cleanup()
    }
  })

  // EmailLogin is the email field on its own (EmailLogin.test.tsx).
  it('serves the EmailVerifyDevice route with the same wait', async () => {
    for (const route of ['EmailVerifyDevice'] as const) {
      const auth = new TestAuth()
      const { dialog, client } = await mount({ auth })
      act(() => openModal(client.stores.router, { view: route, email: 'b@example.com' }))
      await within(dialog).findByTestId('view-email-signin')
      expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Confirm email')
      await waitFor(() => expect(auth.calls).toEqual([['signInWithEmail', 'b@example.com']]))
      // Opened on its own, a cancel lands on the Connect view.
      await act(async () => auth.attempt.outcome.reject(new CancelledInFrame()))
      await waitFor(() => expect(view(dialog)).toBe('Connect'))
      cleanup()
    }
  })
})
