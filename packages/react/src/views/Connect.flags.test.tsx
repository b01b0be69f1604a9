import {
  BROWSER_WALLET_NAME,
  type Connector,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  type Features,
  openModal,
} from '@latch/core'
import { createFakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { blocks, SocialAuth } from './authDouble.testing.js'

// The Connect view's flags of docs/behaviour.md#flags: collapseWallets, the branding footer,
// Telegram's social filter and the mobile rule for the generic Browser Wallet.

const agents = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
}
const realAgent = navigator.userAgent
function setAgent(agent: string) {
  Object.defineProperty(navigator, 'userAgent', { value: agent, configurable: true })
}
afterEach(() => {
  cleanup()
  setAgent(realAgent)
  Reflect.deleteProperty(window, 'Telegram')
})

const metamask: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
}
// The legacy `window.ethereum` row as the EVM adapter lists it when no provider was injected.
const browserWallet: Connector = {
  id: 'injected',
  name: BROWSER_WALLET_NAME,
  type: 'INJECTED',
  chain: 'eip155',
}

async function mount(options: { features?: Partial<Features>; connectors?: Connector[] } = {}) {
  const adapter = createFakeAdapter({
    namespace: 'eip155',
    networks: [devNetwork],
    connectors: [
      { id: 'latch-auth', name: 'Email', type: 'AUTH', chain: 'eip155' },
      ...(options.connectors ?? [metamask]),
    ],
  })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
    auth: new SocialAuth(),
    features: options.features,
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  await act(() => client.initialize())
  act(() => openModal(client.stores.router, 'Connect'))
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
  return { client, dialog }
}

describe('collapseWallets', () => {
  it('keeps the wallets behind one button below the email field until it is pressed', async () => {
    const { dialog } = await mount({ features: { collapseWallets: true } })
    expect(within(dialog).queryByTestId('wallet-io.metamask')).toBeNull()
    expect(within(dialog).queryByTestId('all-wallets')).toBeNull()
    // Email first even with a wallet installed; the button last.
    expect(blocks(dialog)).toEqual(['email'])
    const show = within(dialog).getByRole('button', { name: 'Continue with a wallet' })
    expect(dialog.querySelector('[data-testid="view-connect"] > button')).toBe(show)
    fireEvent.click(show)
    expect(within(dialog).getByTestId('wallet-io.metamask')).toBeTruthy()
    expect(within(dialog).queryByTestId('show-wallets')).toBeNull()
  })

  it('collapses nothing when there is no email or social sign-in to show instead', async () => {
    const { dialog } = await mount({
      features: { collapseWallets: true, email: false, socials: false },
    })
    expect(within(dialog).getByTestId('wallet-io.metamask')).toBeTruthy()
    expect(within(dialog).queryByTestId('show-wallets')).toBeNull()
  })

  it('is off by default', async () => {
    const { dialog } = await mount()
    expect(blocks(dialog)).toEqual(['injected', 'email'])
    expect(within(dialog).queryByTestId('show-wallets')).toBeNull()
  })
})

describe('the branding footer', () => {
  it('shows by default and follows the project flag (reown_branding) live', async () => {
    const { client, dialog } = await mount()
    expect(within(dialog).getByTestId('branding').textContent).toBe('UX by Latch')
    act(() =>
      client.stores.options.setState((s) => ({ features: { ...s.features, branding: false } })),
    )
    expect(within(dialog).queryByTestId('branding')).toBeNull()
  })
})

describe('social providers inside Telegram', () => {
  const socials = async (agent: string, telegram: boolean) => {
    setAgent(agent)
    if (telegram) Object.assign(window, { Telegram: { WebApp: {} } })
    else Reflect.deleteProperty(window, 'Telegram')
    const { dialog } = await mount({ features: { socials: ['google', 'x', 'facebook', 'github'] } })
    const group = await within(dialog).findByTestId('socials', {}, { timeout: 5000 })
    const shown = within(group)
      .getAllByRole('button')
      .map((b) => b.dataset.testid)
    cleanup()
    return shown
  }

  it('leaves out Google on iOS and Facebook and X on Android, and nothing outside Telegram', async () => {
    expect(await socials(agents.iphone, true)).toEqual([
      'social-x',
      'social-github',
      'social-facebook',
    ])
    expect(await socials(agents.android, true)).toEqual(['social-google', 'social-github'])
    expect(await socials(agents.iphone, false)).toEqual([
      'social-google',
      'social-x',
      'social-github',
      'social-facebook',
    ])
  })
})

describe('mobile detection', () => {
  it('lists the generic Browser Wallet on a phone and hides it on a desktop', async () => {
    setAgent(agents.android)
    const phone = await mount({ connectors: [browserWallet] })
    expect(within(phone.dialog).getByTestId('wallet-injected').textContent).toContain(
      BROWSER_WALLET_NAME,
    )
    expect(phone.client.stores.options.getState().isMobile).toBe(true)
    cleanup()

    setAgent(agents.desktop)
    const desktop = await mount({ connectors: [browserWallet] })
    expect(within(desktop.dialog).queryByTestId('wallet-injected')).toBeNull()
  })
})
