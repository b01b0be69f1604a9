import { openModal } from '@latch/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deferred, mount, TestAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

const SAFE = '0x0000000000000000000000000000000000005afe'
const EOA = '0x0000000000000000000000000000000000000e0a'

/** The AUTH double with the frame's account switch: the active account moves when it resolves. */
class SmartAuth extends TestAuth {
  next = deferred<void>()
  refuse: Error | undefined
  async setPreferredAccount(type: 'eoa' | 'smartAccount') {
    this.calls.push(['setPreferredAccount', type])
    await this.next.promise
    if (this.refuse) throw this.refuse
    this.signIn(type)
  }
  /** Signed in on a smart-account network: both accounts, the active one first. */
  signIn(active: 'eoa' | 'smartAccount') {
    const safe = { address: SAFE, type: 'smartAccount' as const }
    const eoa = { address: EOA, type: 'eoa' as const }
    this.setUser('a@example.com')
    this.user = {
      ...this.user!,
      address: active === 'eoa' ? EOA : SAFE,
      accountType: active,
      accounts: active === 'eoa' ? [eoa, safe] : [safe, eoa],
    }
  }
}

async function account(auth: TestAuth) {
  const { client } = await mount({ auth })
  await act(() => client.controller.connect({ namespace: 'eip155', connectorId: 'latch-auth' }))
  act(() => openModal(client.stores.router, 'Account'))
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(view(dialog)).toBe('Account'))
  await within(dialog).findByTestId('view-account')
  return dialog
}

describe('the Account view’s switch between the Safe and the EOA', () => {
  it('switches to the EOA and back, one frame call each, the label following the account', async () => {
    const auth = new SmartAuth()
    auth.signIn('smartAccount')
    const dialog = await account(auth)
    const toEoa = await within(dialog).findByRole('button', { name: 'Switch to your EOA' })
    fireEvent.click(toEoa)
    // Held while the frame switches: a second click cannot send a second choice.
    expect((toEoa as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(toEoa)
    expect(auth.called('setPreferredAccount')).toEqual([['setPreferredAccount', 'eoa']])
    await act(async () => auth.next.resolve())
    const toSafe = await within(dialog).findByRole('button', {
      name: 'Switch to your Smart Account',
    })
    auth.next = deferred<void>()
    fireEvent.click(toSafe)
    await act(async () => auth.next.resolve())
    await within(dialog).findByRole('button', { name: 'Switch to your EOA' })
    expect(auth.called('setPreferredAccount')).toEqual([
      ['setPreferredAccount', 'eoa'],
      ['setPreferredAccount', 'smartAccount'],
    ])
  })

  it('says why when the frame refuses, and keeps the account', async () => {
    const auth = new SmartAuth()
    auth.signIn('smartAccount')
    auth.refuse = new Error('Smart accounts are not enabled on this network')
    const dialog = await account(auth)
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Switch to your EOA' }))
    await act(async () => auth.next.resolve())
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The account did not switch: Smart accounts are not enabled on this network',
    )
    const again = within(dialog).getByRole('button', { name: 'Switch to your EOA' })
    expect((again as HTMLButtonElement).disabled).toBe(false)
    expect(auth.user?.accountType).toBe('smartAccount')
  })

  it('is not offered where the user has the EOA only, nor by a connector without the switch', async () => {
    const eoaOnly = new SmartAuth()
    eoaOnly.setUser('a@example.com')
    let dialog = await account(eoaOnly)
    expect(within(dialog).getByTestId('account-email')).toBeTruthy()
    expect(within(dialog).queryByTestId('account-type-switch')).toBeNull()
    cleanup()

    // Both accounts reported, but the connector cannot switch: nothing to offer.
    const plain = new TestAuth()
    plain.setUser('a@example.com')
    plain.user = {
      ...plain.user!,
      accountType: 'smartAccount',
      accounts: [
        { address: SAFE, type: 'smartAccount' },
        { address: EOA, type: 'eoa' },
      ],
    }
    dialog = await account(plain)
    expect(within(dialog).getByTestId('account-email')).toBeTruthy()
    expect(within(dialog).queryByTestId('account-type-switch')).toBeNull()
  })
})
