import { truncateAddress } from '@latch/core'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButtonCustom } from './ConnectButtonCustom.js'
import { mountWithWallet } from './hooks/wallet.testing.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

// A dapp's own button, drawn from the render props alone.
const ownButton = (
  <ConnectButtonCustom>
    {({
      isConnected,
      account,
      network,
      isModalOpen,
      openConnectModal,
      openNetworkModal,
      disconnect,
    }) =>
      isConnected ? (
        <div data-testid="own">
          <span>{truncateAddress(account.address ?? '')}</span>
          <span>{network?.name}</span>
          <button type="button" onClick={openNetworkModal}>
            Networks
          </button>
          <button type="button" onClick={() => void disconnect()}>
            Sign out
          </button>
        </div>
      ) : (
        <button type="button" data-open={isModalOpen} onClick={openConnectModal}>
          Sign in
        </button>
      )
    }
  </ConnectButtonCustom>
)

describe('ConnectButtonCustom', () => {
  it('gives a hand-drawn button the modal, the account, the network and a disconnect', async () => {
    const { wallet } = mountWithWallet(ownButton, stops)
    const signIn = screen.getByRole('button', { name: 'Sign in' })
    expect(signIn.dataset.open).toBe('false')
    fireEvent.click(signIn)
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    expect(dialog.dataset.view).toBe('Connect')
    expect(screen.getByRole('button', { name: 'Sign in', hidden: true }).dataset.open).toBe('true')

    fireEvent.click(await within(dialog).findByRole('button', { name: /Latch Test Wallet/ }))
    const own = await screen.findByTestId('own', {}, { timeout: 5000 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(own.textContent).toContain('0xf3…b92266')
    expect(own.textContent).toContain('Latch Dev Chain')

    fireEvent.click(within(own).getByRole('button', { name: 'Networks' }))
    expect((await screen.findByRole('dialog')).dataset.view).toBe('Networks')
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(within(own).getByRole('button', { name: 'Sign out' }))
    await screen.findByRole('button', { name: 'Sign in' })
    expect(wallet.state.connected).toBe(false)
  }, 20_000)
})
