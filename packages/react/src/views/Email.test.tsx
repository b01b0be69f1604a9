import { openModal } from '@latch/core'
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { blocks, deferred, mount, submitEmail, TestAuth, view } from './authDouble.testing.js'

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
      { features: { pay: true } },
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

  it("shows the connector's refusal (the send throttle) under the field", async () => {
    const auth = new TestAuth()
    auth.sendError = new Error('Please try again after 12 seconds')
    const { dialog } = await mount({ auth })
    await submitEmail(dialog, 'a@example.com')
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please try again after 12 seconds',
    )
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBeNull()
    expect(view(dialog)).toBe('Connect')
  })
})

describe('email sign-in', () => {
  it('sends the code, checks it, connects through the AUTH connector and closes', async () => {
    const auth = new TestAuth()
    const gate = deferred<void>()
    auth.sendGate = gate.promise
    const { dialog, adapter, client } = await mount({ auth })
    await submitEmail(dialog, ' a@example.com ')
    const sending = within(dialog).getByRole('button', { name: 'Sending…' }) as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    expect(auth.calls).toEqual([['sendEmailCode', 'a@example.com']])
    await act(async () => gate.resolve())

    await waitFor(() => expect(view(dialog)).toBe('EmailVerifyOtp'))
    const code = (await within(dialog).findByLabelText(
      'Enter the code we sent to a@example.com',
    )) as HTMLInputElement
    expect(code.inputMode).toBe('numeric')
    expect(code.autocomplete).toBe('one-time-code')
    expect(code.maxLength).toBe(6)
    expect(within(dialog).getByText('Confirm email')).toBeTruthy()
    // Six digits submit by themselves.
    fireEvent.change(code, { target: { value: '123456' } })
    await waitFor(() => expect(client.stores.router.getState().open).toBe(false))
    expect(auth.called('verifyEmailCode')).toEqual([['verifyEmailCode', '123456']])
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([
      { method: 'connect', args: 'latch-auth' },
    ])
    expect(client.stores.chain.getState().chains.eip155?.accountState.status).toBe('connected')
  })

  it('clears a wrong code, says why and keeps focus in the field; resend shows its throttle', async () => {
    const auth = new TestAuth()
    const { dialog, adapter } = await mount({ auth })
    await submitEmail(dialog, 'a@example.com')
    const code = (await within(dialog).findByLabelText(/Enter the code/)) as HTMLInputElement
    fireEvent.change(code, { target: { value: '000000' } })
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code')
    expect(code.value).toBe('')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(code)
    expect(view(dialog)).toBe('EmailVerifyOtp')
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([])

    // Enter with too few digits asks for six and sends nothing.
    fireEvent.change(code, { target: { value: '12' } })
    fireEvent.submit(code.form!)
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter the 6-digit code from the email.',
    )
    expect(auth.called('verifyEmailCode')).toHaveLength(1)

    auth.sendError = new Error('Please try again after 30 seconds')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend code' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Please try again after 30 seconds',
      ),
    )
    expect(auth.called('sendEmailCode')).toHaveLength(2)
    auth.sendError = undefined
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend code' }))
    expect(await within(dialog).findByText('A new code is on its way.')).toBeTruthy()
  })

  it('waits once for the device approval, then asks for the code', async () => {
    const auth = new TestAuth()
    auth.sendAction = 'VERIFY_DEVICE'
    const { dialog } = await mount({ auth })
    await submitEmail(dialog, 'a@example.com')
    await waitFor(() => expect(view(dialog)).toBe('EmailVerifyDevice'))
    await within(dialog).findByText('Register this device')
    expect(dialog.textContent).toContain('a@example.com')
    expect(within(dialog).getByText('Register device')).toBeTruthy()
    // StrictMode mounts twice: still one wait, and it is not aborted.
    await act(async () => {})
    expect(auth.called('waitForDeviceApproval')).toHaveLength(1)
    expect(auth.signals[0]?.aborted).toBe(false)

    await act(async () => auth.approval.resolve())
    await waitFor(() => expect(view(dialog)).toBe('EmailVerifyOtp'))
    expect(await within(dialog).findByLabelText(/a@example\.com/)).toBeTruthy()
    expect(auth.called('sendEmailCode')).toHaveLength(1)
    await waitFor(() => expect(auth.signals[0]?.aborted).toBe(true))
  })

  it('shows a failed approval with a way back to the Connect view', async () => {
    const auth = new TestAuth()
    auth.sendAction = 'VERIFY_DEVICE'
    const { dialog } = await mount({ auth })
    await submitEmail(dialog, 'a@example.com')
    await within(dialog).findByText('Register this device')
    await act(async () => auth.approval.reject(new Error('The approval link expired')))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The approval link expired')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(view(dialog)).toBe('Connect'))
    expect(within(dialog).getByLabelText('Email')).toBeTruthy()
  })

  it('opens the EmailLogin view of docs/behaviour.md#views as the code step', async () => {
    const { dialog, client } = await mount()
    act(() => openModal(client.stores.router, { view: 'EmailLogin', email: 'a@example.com' }))
    expect(
      await within(dialog).findByLabelText('Enter the code we sent to a@example.com'),
    ).toBeTruthy()
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Confirm email')
  })
})
