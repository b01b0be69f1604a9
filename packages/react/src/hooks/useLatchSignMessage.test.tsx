import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useLatchAccount } from './useLatchAccount.js'
import { useLatchConnect } from './useLatchConnect.js'
import { useLatchConnectors } from './useLatchConnectors.js'
import { useLatchSignMessage } from './useLatchSignMessage.js'
import { mountWithWallet } from './wallet.testing.js'

const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

function Signer() {
  const account = useLatchAccount()
  const connectors = useLatchConnectors()
  const { connect } = useLatchConnect()
  const { signMessage, data, error, isPending } = useLatchSignMessage()
  const [message] = useState('Sign in to the shop')
  return (
    <div>
      <p data-testid="status">{account.status}</p>
      {connectors.map((c) => (
        <button key={c.id} type="button" onClick={() => connect(c).catch(() => {})}>
          {c.name}
        </button>
      ))}
      <button type="button" onClick={() => signMessage({ message }).catch(() => {})}>
        Sign
      </button>
      <p data-testid="result">
        {isPending ? 'pending' : (data?.signature ?? error?.message ?? '')}
      </p>
    </div>
  )
}

describe('useLatchSignMessage', () => {
  it('signs with the connected wallet and exposes the signature, or the error', async () => {
    const { wallet } = mountWithWallet(<Signer />, stops)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() =>
      expect(screen.getByTestId('result').textContent).toBe('No ActiveCaipAddress found'),
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Latch Test Wallet' }))
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('connected'))
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() =>
      expect(screen.getByTestId('result').textContent).toMatch(/^0x[0-9a-f]{130}$/),
    )
    // Deterministic ECDSA (RFC 6979): the same key signs the same message the same way.
    expect(screen.getByTestId('result').textContent).toBe(
      await wallet.account.signMessage({ message: 'Sign in to the shop' }),
    )
  })
})
