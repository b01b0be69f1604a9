import { createLatchStorage, createMemoryStorage, devNetwork, openModal } from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

afterEach(cleanup)
// The modal and its views are lazy chunks: loaded once here, so a test waits for React, not Vite.
beforeAll(async () => {
  await Promise.all([import('../modal/Modal.js'), import('./WalletSend.js')])
})

const exact = '10002.478876032263085746'

async function mountSend(locale?: string) {
  const adapter = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
  adapter.getBalance = async () => ({ balance: exact, symbol: 'ETH' })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
    locale,
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  await act(async () => {
    await client.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  })
  act(() => openModal(client.stores.router, 'WalletSend'))
  const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }))
  return { dialog, client }
}

describe('WalletSend', () => {
  it('shows Available with 3 decimals, rounded down, while Max fills the exact balance', async () => {
    const { dialog, client } = await mountSend()
    expect(await dialog.findByText('Available: 10,002.478 ETH', {}, { timeout: 5000 })).toBeTruthy()
    expect(dialog.queryByText(new RegExp(exact.replace('.', '\\.')))).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: /max/i }))
    // The fake adapter's estimate, if any, is taken off; the field never holds a 3-decimal cut.
    const filled = client.stores.send.getState().sendTokenAmount ?? ''
    expect(filled.split('.')[1]?.length ?? 0).toBeGreaterThan(3)
  })
})

describe('WalletSend: the amount as a German reader writes it', () => {
  const amountField = async (locale: string, label: string) => {
    const { dialog, client } = await mountSend(locale)
    const field = (await dialog.findByLabelText(label, {}, { timeout: 5000 })) as HTMLInputElement
    const type = (text: string) => fireEvent.change(field, { target: { value: text } })
    const stored = () => client.stores.send.getState().sendTokenAmount
    return { dialog, field, type, stored }
  }

  it('takes "," as the decimal mark', async () => {
    const { dialog, field, type, stored } = await amountField('de', 'Betrag')
    type('1,5')
    expect(stored()).toBe('1.5')
    expect(field.value).toBe('1,5')
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(dialog.queryByRole('alert')).toBeNull()
  })

  it('refuses a "." rather than read "1.000" as one or as a thousand, and says how to write it', async () => {
    const { dialog, field, type, stored } = await amountField('de', 'Betrag')
    for (const text of ['1.000', '1.5', '1.000,50']) {
      type(text)
      // Nothing is kept to send: not 1, not 1000.
      expect(stored(), text).toBe('')
      expect(field.value).toBe(text)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(dialog.getByRole('alert').textContent).toBe(
        'Schreiben Sie den Betrag mit „,“ als Dezimalzeichen und ohne Tausendertrennzeichen, etwa 1234,5.',
      )
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Überweisung prüfen' }))
    expect(dialog.queryByTestId('view-send')).not.toBeNull()
    expect(document.activeElement).toBe(field)
    type('1000')
    expect(stored()).toBe('1000')
    expect(dialog.queryByRole('alert')).toBeNull()
  })

  it('in English the other way round: "." is the mark, "1,000" is refused', async () => {
    const { dialog, type, stored } = await amountField('en', 'Amount')
    type('0.5')
    expect(stored()).toBe('0.5')
    type('1,000')
    expect(stored()).toBe('')
    expect(dialog.getByRole('alert').textContent).toBe(
      'Write the amount with "." as the decimal mark and no thousands separators, as in 1234.5.',
    )
  })
})
