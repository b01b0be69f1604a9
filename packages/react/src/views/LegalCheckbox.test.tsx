import {
  type Connector,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  type Features,
  type LatchStorage,
  openModal,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { SocialAuth } from './authDouble.testing.js'

afterEach(() => {
  cleanup()
  vi.unstubAllEnvs()
})

const metamask: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
}
const TERMS = 'https://example.com/terms'
const PRIVACY = 'https://example.com/privacy'

async function mount(
  extra: Partial<LatchConfig> & { features?: Partial<Features> },
  storage: LatchStorage = createLatchStorage(createMemoryStorage()),
) {
  const adapter = createFakeAdapter({
    namespace: 'eip155',
    networks: [devNetwork],
    connectors: [{ id: 'latch-auth', name: 'Email', type: 'AUTH', chain: 'eip155' }, metamask],
  })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [devNetwork],
    storage,
    auth: new SocialAuth(),
    ...extra,
    features: { socials: ['google', 'github'], ...extra.features },
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  act(() => openModal(client.stores.router, 'Connect'))
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
  await within(dialog).findByTestId('socials', {}, { timeout: 5000 })
  return { client, dialog, adapter, storage }
}

/** Every control that starts a connection: wallet rows, All Wallets, email, socials. */
const connectControls = (dialog: HTMLElement) => [
  within(dialog).getByTestId('wallet-io.metamask'),
  within(dialog).getByTestId('all-wallets'),
  within(dialog).getByLabelText('Email'),
  within(dialog).getByRole('button', { name: 'Continue' }),
  within(dialog).getByTestId('social-google'),
]
const enabled = (el: HTMLElement) => !(el as HTMLButtonElement).matches(':disabled')

describe('the legal checkbox (legalCheckbox)', () => {
  it('links the terms and privacy policy of the config, and holds every way to connect until ticked', async () => {
    const { dialog, adapter } = await mount({
      features: { legalCheckbox: true },
      termsConditionsUrl: TERMS,
      privacyPolicyUrl: PRIVACY,
    })
    const legal = await within(dialog).findByTestId('legal-checkbox', {}, { timeout: 5000 })
    expect(legal.textContent).toBe('I agree to the Terms of Service and the Privacy Policy')
    const links = within(legal).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([TERMS, PRIVACY])
    for (const a of links) expect(a.getAttribute('rel')).toBe('noreferrer noopener')
    const box = within(legal).getByRole('checkbox', { name: /I agree/ })
    expect((box as HTMLInputElement).checked).toBe(false)

    expect(connectControls(dialog).filter(enabled)).toEqual([])
    // A click on a held row connects nothing (the browser's click(), which honours the fieldset).
    act(() => within(dialog).getByTestId('wallet-io.metamask').click())
    expect(adapter.calls.filter((c) => c.method === 'connect')).toEqual([])

    fireEvent.click(box)
    expect(connectControls(dialog).every(enabled)).toBe(true)
    fireEvent.click(box)
    expect(connectControls(dialog).filter(enabled)).toEqual([])
    // Ticked, the same click connects.
    fireEvent.click(box)
    await act(async () => within(dialog).getByTestId('wallet-io.metamask').click())
    expect(adapter.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
  })

  it('is remembered on this device: a returning visitor is not asked again', async () => {
    const storage = createLatchStorage(createMemoryStorage())
    const config = { features: { legalCheckbox: true }, termsConditionsUrl: TERMS }
    const first = await mount(config, storage)
    fireEvent.click(await within(first.dialog).findByRole('checkbox', {}, { timeout: 5000 }))
    expect(storage.get('legalCheckboxAccepted')).toBe(true)
    cleanup()

    const again = await mount(config, storage)
    const box = (await within(again.dialog).findByRole('checkbox')) as HTMLInputElement
    expect(box.checked).toBe(true)
    expect(connectControls(again.dialog).every(enabled)).toBe(true)
    // Only the terms were given: only they are linked.
    expect(within(again.dialog).getByTestId('legal-checkbox').textContent).toBe(
      'I agree to the Terms of Service',
    )
    fireEvent.click(box)
    expect(storage.get('legalCheckboxAccepted')).toBeUndefined()
  })

  it('never makes a javascript: link an href, even where createLatch skipped its check (production)', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { dialog } = await mount({
      features: { legalCheckbox: true },
      termsConditionsUrl: 'javascript:alert(document.cookie)',
      privacyPolicyUrl: PRIVACY,
    })
    const legal = await within(dialog).findByTestId('legal-checkbox', {}, { timeout: 5000 })
    expect(legal.textContent).toBe('I agree to the Terms of Service and the Privacy Policy')
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([PRIVACY])
    expect(legal.innerHTML).not.toContain('javascript:')
  })

  it('is absent, and nothing is held, with the flag off (the default)', async () => {
    const { dialog } = await mount({ termsConditionsUrl: TERMS })
    expect(within(dialog).queryByTestId('legal-checkbox')).toBeNull()
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    expect(connectControls(dialog).every(enabled)).toBe(true)
  })
})
