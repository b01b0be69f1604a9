import {
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
  solanaLocalnet,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { fields, mount, submitEmail, TestAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

describe('EmailLogin', () => {
  it('is the email field on its own, reached as a route, and hands over to the frame', async () => {
    const auth = new TestAuth()
    const { client, dialog } = await mount({ auth, installed: true })
    act(() => openModal(client.stores.router, 'EmailLogin'))
    const login = await within(dialog).findByTestId('view-email-login')
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe(
      'Continue with email',
    )
    // The field alone: no wallet list, one input.
    expect(within(dialog).queryByTestId('wallet-io.metamask')).toBeNull()
    expect(fields(login)).toHaveLength(1)
    await submitEmail(dialog, 'c@example.com')
    await within(dialog).findByTestId('view-email-signin')
    expect(view(dialog)).toBe('EmailVerifyOtp')
    await waitFor(() => expect(auth.calls).toEqual([['signInWithEmail', 'c@example.com']]))
  })

  it('says email sign-in is unavailable when the app has none', async () => {
    const { client, dialog } = await mount({ auth: undefined })
    act(() => openModal(client.stores.router, 'EmailLogin'))
    const login = await within(dialog).findByTestId('view-email-login')
    expect(login.textContent).toBe('Email sign-in is not available in this app.')
    expect(fields(login)).toHaveLength(0)
  })

  it('on a namespace without email, offers the switch first and comes back to the field', async () => {
    const config: LatchConfig = {
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      adapters: [
        createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] }),
        createFakeAdapter({ namespace: 'solana', networks: [solanaLocalnet] }),
      ],
      networks: [devNetwork, solanaLocalnet],
      // Solana first: the app starts there, where this embedded wallet offers no email.
      defaultNetwork: solanaLocalnet,
      storage: createLatchStorage(createMemoryStorage()),
      auth: new TestAuth(['eip155']),
    }
    const client = createLatchClient(config)
    render(<LatchProvider config={config} client={client} />)
    await act(() => client.initialize())
    expect(client.stores.chain.getState().activeChain).toBe('solana')
    act(() => openModal(client.stores.router, 'EmailLogin'))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    const offer = await within(dialog).findByTestId('view-switch-active-chain')
    expect(offer.textContent).toContain('Switch to EVM')
    fireEvent.click(within(offer).getByTestId('switch-active-chain'))
    const login = await within(dialog).findByTestId('view-email-login')
    expect(within(login).getByLabelText('Email')).toBeTruthy()
    expect(client.stores.chain.getState().activeChain).toBe('eip155')
    expect(client.stores.router.getState().history.map((r) => r.view)).toEqual(['EmailLogin'])
  })
})
