import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CancelledInFrame, fields, mount, SocialAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

const withSocials = { socials: ['google', 'github'] as never }

async function pick(auth: SocialAuth, provider: string) {
  const mounted = await mount({ auth, features: withSocials })
  fireEvent.click(
    await within(mounted.dialog).findByRole('button', { name: `Continue with ${provider}` }),
  )
  await waitFor(() => expect(view(mounted.dialog)).toBe('ConnectingSocial'))
  await within(mounted.dialog).findByTestId('view-social')
  await act(async () => {})
  return mounted
}

describe('social sign-in, run by the secure frame', () => {
  it('asks the frame once for the provider and points there; connects and closes on success', async () => {
    const auth = new SocialAuth()
    const { dialog, client, adapter } = await pick(auth, 'GitHub')
    expect(auth.calls).toEqual([['connectSocial', 'github']])
    expect(auth.attempt.signal?.aborted).toBe(false)
    expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe(
      'Continue in the wallet window',
    )
    const status = within(dialog).getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('Finish signing in with GitHub in the secure wallet window.')
    expect(fields(within(dialog).getByTestId('view-social'))).toHaveLength(0)
    await act(async () => auth.attempt.outcome.resolve())
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([
      { method: 'connect', args: 'latch-auth' },
    ])
  })

  it('opens no window of its own: the popup is the frame’s', async () => {
    const opened: unknown[] = []
    const open = window.open
    window.open = (...args: unknown[]) => {
      opened.push(args)
      return null
    }
    try {
      await pick(new SocialAuth(), 'Google')
      expect(opened).toEqual([])
    } finally {
      window.open = open
    }
  })

  it('goes back silently on a cancel in the frame', async () => {
    const auth = new SocialAuth()
    const { dialog, adapter } = await pick(auth, 'Google')
    await act(async () => auth.attempt.outcome.reject(new CancelledInFrame()))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([])
  })

  it('shows another failure with a retry, and aborts when the visitor leaves', async () => {
    const auth = new SocialAuth()
    const { dialog } = await pick(auth, 'Google')
    await act(async () => auth.attempt.outcome.reject(new Error('The sign-in window was closed')))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The sign-in window was closed',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(auth.calls).toHaveLength(2))
    expect(auth.calls[1]).toEqual(['connectSocial', 'google'])
    const { signal } = auth.attempt
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    await waitFor(() => expect(signal?.aborted).toBe(true))
  })
})
