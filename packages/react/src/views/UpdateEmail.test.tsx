import { openModal } from '@latch/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mount, TestAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

/** A visitor signed in by email (or, with `wallet`, through MetaMask), on the Account view. */
async function account(auth: TestAuth, connectorId = 'latch-auth') {
  const { client } = await mount({ auth, installed: true })
  await act(() => client.controller.connect({ namespace: 'eip155', connectorId }))
  act(() => openModal(client.stores.router, 'Account'))
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(view(dialog)).toBe('Account'))
  // The view is a chunk of its own: wait for it to render.
  await within(dialog).findByTestId('view-account')
  return { client, dialog }
}

const title = (dialog: HTMLElement) => within(dialog).getByRole('heading', { level: 2 }).textContent

async function enterCode(dialog: HTMLElement, label: string | RegExp, code: string) {
  const input = await within(dialog).findByLabelText(label)
  fireEvent.change(input, { target: { value: code } })
  return input as HTMLInputElement
}

describe('the Account view of an email user', () => {
  it('shows the display name under the address, and only for the AUTH connection', async () => {
    const auth = new TestAuth()
    auth.setUser('a-rather-long-address-for-display@example.com')
    auth.user = { ...auth.user!, displayName: 'a-rather-long-address-for-dis...' }
    const { dialog } = await account(auth)
    expect(within(dialog).getByTestId('account-email').textContent).toBe(
      'Signed in as a-rather-long-address-for-dis...',
    )
    expect(within(dialog).getByRole('button', { name: 'Update email' })).toBeTruthy()
    cleanup()

    // The same page connected through MetaMask is not signed in by email.
    const other = await account(auth, 'io.metamask')
    expect(within(other.dialog).queryByTestId('account-email')).toBeNull()
    expect(within(other.dialog).queryByRole('button', { name: 'Update email' })).toBeNull()
  })

  it('updates the email through the current and the new address codes', async () => {
    const auth = new TestAuth()
    auth.setUser('a@example.com')
    const { dialog } = await account(auth)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update email' }))
    const field = await within(dialog).findByLabelText('New email')
    expect(title(dialog)).toBe('Edit email')
    expect(dialog.textContent).toContain('Current email: a@example.com')

    fireEvent.change(field, { target: { value: 'A@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'This is already your email. Enter a different one.',
    )
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(auth.called('updateEmail')).toEqual([])

    fireEvent.change(field, { target: { value: 'b@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(view(dialog)).toBe('UpdateEmailPrimaryOtp'))
    expect(title(dialog)).toBe('Confirm current email')
    const primary = await enterCode(dialog, 'Enter the code we sent to a@example.com', '999999')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code')
    expect(primary.value).toBe('')
    fireEvent.change(primary, { target: { value: '123456' } })

    await waitFor(() => expect(view(dialog)).toBe('UpdateEmailSecondaryOtp'))
    expect(title(dialog)).toBe('Confirm new email')
    await enterCode(dialog, 'Enter the code we sent to b@example.com', '123456')

    await waitFor(() => expect(view(dialog)).toBe('Account'))
    expect(within(dialog).getByTestId('account-email').textContent).toContain('b@example.com')
    expect((await screen.findByTestId('latch-snackbar')).textContent).toContain(
      'Email updated to b@example.com',
    )
    expect(auth.calls.map(([method]) => method)).toEqual([
      'updateEmail',
      'updateEmailPrimaryCode',
      'updateEmailPrimaryCode',
      'updateEmailSecondaryCode',
    ])
    expect(auth.called('updateEmail')).toEqual([['updateEmail', 'b@example.com']])
    // Back from Account leads nowhere: the update steps are done.
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('goes straight to the new address code when the server asks for it', async () => {
    const auth = new TestAuth()
    auth.setUser('a@example.com')
    auth.updateAction = 'VERIFY_SECONDARY_OTP'
    const { dialog } = await account(auth)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update email' }))
    fireEvent.change(await within(dialog).findByLabelText('New email'), {
      target: { value: 'c@example.com' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(view(dialog)).toBe('UpdateEmailSecondaryOtp'))
    await enterCode(dialog, 'Enter the code we sent to c@example.com', '123456')
    await waitFor(() => expect(view(dialog)).toBe('Account'))
    expect(auth.called('updateEmailPrimaryCode')).toEqual([])
    expect(within(dialog).getByTestId('account-email').textContent).toContain('c@example.com')
  })
})
