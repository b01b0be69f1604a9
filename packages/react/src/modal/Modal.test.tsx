import {
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  openModal,
  setNamespaceConnectors,
} from '@latch/core'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton.js'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { notify } from '../notify.js'

// jsdom has no matchMedia; this one answers like a browser whose OS prefers `dark`.
let prefersDark = false
const mediaListeners = new Set<() => void>()
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && prefersDark
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => mediaListeners.delete(listener),
  })) as unknown as typeof window.matchMedia
})
afterEach(() => {
  cleanup()
  prefersDark = false
  mediaListeners.clear()
})

function setup(extra: Partial<LatchConfig> = {}) {
  const config: LatchConfig = {
    projectId: 'p1',
    // Nothing answers here: catalogue sections stay empty and hidden.
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
    ...extra,
  }
  const client = createLatchClient(config)
  const view = render(
    <LatchProvider config={config} client={client}>
      <main>
        <ConnectButton />
      </main>
    </LatchProvider>,
  )
  return { client, view }
}

describe('the modal', () => {
  it('opens from the button as a dialog appended to the body, and Escape closes it', async () => {
    const { view } = setup()
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 5000 })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(view.container.contains(dialog)).toBe(false)
    expect(dialog.closest('body > .latch-overlay')).not.toBeNull()
    // The page behind is inert while the dialog is open.
    expect(view.container.closest('[inert]')).not.toBeNull()

    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(view.container.closest('[inert]')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('renders inline where it is placed in embedded mode', async () => {
    const { view, client } = setup({ enableEmbedded: true })
    act(() => openModal(client.stores.router, 'Connect'))
    const dialog = await screen.findByRole('dialog')
    expect(view.container.contains(dialog)).toBe(true)
    expect(dialog.getAttribute('aria-modal')).toBeNull()
  })

  it('follows the OS theme unless the app sets one, and applies theme variables', async () => {
    prefersDark = true
    const { client } = setup({ themeVariables: { '--latch-z-index': '2000' } })
    act(() => openModal(client.stores.router, 'Connect'))
    const overlay = (await screen.findByRole('dialog')).parentElement!
    expect(overlay.dataset.theme).toBe('dark')
    expect(overlay.style.getPropertyValue('--latch-z-index')).toBe('2000')
    expect(overlay.style.getPropertyValue('--latch-font-size-master')).toBe('10px')
    prefersDark = false
    act(() => {
      for (const listener of mediaListeners) listener()
    })
    expect(overlay.dataset.theme).toBe('light')
    cleanup()

    prefersDark = true
    const fixed = setup({ themeMode: 'light' })
    act(() => openModal(fixed.client.stores.router, 'Connect'))
    expect((await screen.findByRole('dialog')).parentElement!.dataset.theme).toBe('light')
  })

  it('lists connector sections in the default order (docs/behaviour.md#limits) and hides empty ones', async () => {
    const storage = createLatchStorage(createMemoryStorage())
    storage.set('recentWallets', [{ id: 'io.rabby', name: 'Rabby' }])
    const { client } = setup({ storage })
    act(() => {
      setNamespaceConnectors(client.stores.connectors, 'eip155', [
        { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' },
        { id: 'io.rabby', name: 'Rabby', type: 'ANNOUNCED', chain: 'eip155' },
        { id: 'safe', name: 'Safe', type: 'EXTERNAL', chain: 'eip155' },
      ])
      openModal(client.stores.router, 'Connect')
    })
    const dialog = await screen.findByRole('dialog')
    const sections = [...dialog.querySelectorAll('section')].map((s) => s.dataset.section)
    expect(sections).toEqual(['recent', 'injected', 'external'])
    const recent = within(dialog.querySelector('[data-section="recent"]') as HTMLElement)
    expect(recent.getByRole('button').textContent).toContain('Rabby')
    const injected = within(dialog.querySelector('[data-section="injected"]') as HTMLElement)
    expect(injected.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'MMetaMaskInstalled',
    ])
    expect(within(dialog).getByRole('button', { name: 'All Wallets' })).toBeTruthy()
  })

  it('shows each distinct alert once', async () => {
    const { client } = setup()
    act(() => notify(client.stores, 'Failed to fetch transactions', 'error'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch transactions')
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    act(() => notify(client.stores, 'Failed to fetch transactions', 'error'))
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => notify(client.stores, 'Network not found', 'error'))
    expect((await screen.findByRole('alert')).textContent).toContain('Network not found')
  })
})
