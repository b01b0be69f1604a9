import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton.js'
import { mountWithWallet } from '../hooks/wallet.testing.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

const mount = () => mountWithWallet(<ConnectButton balance={false} />, stops)

describe('ConnectingExternal', () => {
  it("says 'Connection rejected' when the wallet answers 4001, and a retry connects", async () => {
    const { wallet } = mount()
    wallet.behaviour.rejectConnect = true
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    fireEvent.click(await within(dialog).findByRole('button', { name: /Latch Test Wallet/ }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Connection rejected')
    expect(wallet.state.connected).toBe(false)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(wallet.state.connected).toBe(true)
    expect(screen.getByRole('button').textContent).toBe('0xf3…b92266')
  })

  it('the wallet click itself asks the wallet; the view only shows how it goes', async () => {
    const { wallet, client } = mount()
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    const row = await within(dialog).findByRole('button', { name: /Latch Test Wallet/ })
    fireEvent.click(row)
    // Before React renders the connecting view, the attempt has started.
    expect(client.stores.connectors.getState().attempt).toMatchObject({ status: 'pending' })
    expect(client.stores.router.getState().route).toMatchObject({ view: 'ConnectingExternal' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(wallet.state.connected).toBe(true)
  }, 20_000)
})
