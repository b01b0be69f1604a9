import { type AuthConnector, formatLocale, formatQuantity, setFormatLocale } from '@latch/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../ConnectButton.js'
import { createLatchClient } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { resolveLocale } from './locale.js'

const base = { projectId: 'p-i18n', serverUrl: 'http://127.0.0.1:9' }

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  setFormatLocale('en-US')
})

describe('choosing the locale', () => {
  it("takes the app's choice, else the browser's first language we have, else English", () => {
    expect(resolveLocale('de', ['en-US'])).toBe('de')
    expect(resolveLocale('DE-at', [])).toBe('de')
    expect(resolveLocale(undefined, ['fr-FR', 'de-CH', 'en'])).toBe('de')
    expect(resolveLocale('fr', ['en-GB', 'de'])).toBe('en')
    expect(resolveLocale(undefined, ['fr', 'it'])).toBe('en')
    expect(resolveLocale(undefined, [])).toBe('en')
  })
})

describe('a client in another locale', () => {
  it('shows English first, then the German strings once their chunk has loaded', async () => {
    render(
      <LatchProvider config={{ ...base, locale: 'de' }}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(await screen.findByText('Wallet verbinden')).toBeTruthy()
    expect(screen.queryByText('Connect Wallet')).toBeNull()
    // Amounts are written the German way from the start.
    expect(formatLocale()).toBe('de')
    expect(formatQuantity('1234.5')).toBe('1.234,5')
  })

  it("follows the browser's languages when the app sets none", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US'])
    const client = createLatchClient(base)
    expect(client.locale).toBe('de')
    const changed = new Promise<void>((resolve) => client.subscribeMessages(resolve))
    await changed
    expect(client.messages.modal.close).toBe('Schließen')
  })

  it("adds the app's own strings for the locale, loaded with the kit's", async () => {
    const app = { app: { title: 'Meine App' }, button: { connect: 'Los' } }
    const client = createLatchClient({
      ...base,
      locale: 'de',
      localeMessages: { de: () => Promise.resolve(app), fr: () => Promise.reject(new Error('no')) },
    })
    await new Promise<void>((resolve) => client.subscribeMessages(resolve))
    expect((client.messages as unknown as typeof app).app.title).toBe('Meine App')
    expect(client.messages.button.connect).toBe('Los')
    expect(client.messages.modal.close).toBe('Schließen')
  })

  it('stays English, loading nothing, in an English browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'de'])
    const client = createLatchClient(base)
    expect(client.locale).toBe('en')
    expect(client.messages.button.connect).toBe('Connect Wallet')
    expect(formatLocale()).toBe('en-US')
  })

  it('tells the embedded wallet frame the locale (syncApp)', () => {
    const syncApp = vi.fn()
    const auth = { syncApp } as unknown as AuthConnector
    const client = createLatchClient({ ...base, locale: 'de-AT', auth })
    expect(client.locale).toBe('de')
    expect(syncApp).toHaveBeenCalledWith(expect.objectContaining({ locale: 'de' }))
  })
})
