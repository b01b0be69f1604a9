import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useLatchAccount } from './useLatchAccount.js'
import { useLatchConnect } from './useLatchConnect.js'
import { useLatchConnectors } from './useLatchConnectors.js'
import { useLatchDisconnect } from './useLatchDisconnect.js'
import { mountWithWallet } from './wallet.testing.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

// A dapp's own wallet list: no Latch modal involved.
function OwnWalletList() {
  const account = useLatchAccount()
  const connectors = useLatchConnectors()
  const { connect, isPending } = useLatchConnect()
  const { disconnect, isPending: disconnecting } = useLatchDisconnect()
  return (
    <div>
      <p data-testid="status">
        {account.status} {account.caipAddress ?? '-'} {isPending ? 'pending' : ''}
        {disconnecting ? 'disconnecting' : ''}
      </p>
      {connectors.map((c) => (
        <button key={c.id} type="button" onClick={() => connect(c).catch(() => {})}>
          {c.name}
        </button>
      ))}
      <button type="button" onClick={() => disconnect()}>
        Leave
      </button>
    </div>
  )
}

describe('useLatchConnect and useLatchDisconnect', () => {
  it('connect and disconnect a wallet from a list the dapp draws, without opening the modal', async () => {
    const { wallet, client } = mountWithWallet(<OwnWalletList />, stops)
    fireEvent.click(await screen.findByRole('button', { name: 'Latch Test Wallet' }))
    await waitFor(() =>
      expect(screen.getByTestId('status').textContent).toMatch(/^connected eip155:31337:0x/),
    )
    expect(wallet.state.connected).toBe(true)
    expect(client.stores.router.getState().open).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('disconnected - '))
    expect(wallet.state.connected).toBe(false)
    expect(client.stores.router.getState().open).toBe(false)
  })

  it('a refused connection leaves the account disconnected and says so in the attempt', async () => {
    const { wallet, client } = mountWithWallet(<OwnWalletList />, stops)
    wallet.behaviour.rejectConnect = true
    fireEvent.click(await screen.findByRole('button', { name: 'Latch Test Wallet' }))
    await waitFor(() =>
      expect(client.stores.connectors.getState().attempt?.status).toBe('rejected'),
    )
    expect(screen.getByTestId('status').textContent).toBe('disconnected - ')
  })

  it('names itself when used outside the provider', () => {
    function Lonely() {
      useLatchDisconnect()
      return null
    }
    const quiet = console.error
    console.error = () => {}
    try {
      expect(() => act(() => render(<Lonely />))).toThrow(
        'useLatchDisconnect must be used inside <LatchProvider>.',
      )
    } finally {
      console.error = quiet
    }
  })
})
