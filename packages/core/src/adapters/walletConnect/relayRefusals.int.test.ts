/**
 * The real universal provider against the dev relay refusing it (an unknown project id, a page
 * origin not allowed): the visitor sees the catalogue's alert, once, though the provider is
 * refused again on a retry; the SDK's text stays in the console. A page reloaded with a stored
 * session, refused while the SDK starts, shows it too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { type DevRelay, RELAY_REFUSALS, startDevRelay } from '../../../../../scripts/relay/index.js'
import { refuseFetchBeyondLoopback } from '../../../../../scripts/relay/loopbackOnly.js'
import type { ProviderAlert } from '../../providerServices/alerts.js'
import { raiseProviderAlert } from '../../providerServices/alerts.js'
import { createAlertsStore } from '../../stores/alerts.js'

const PROJECT_ID = 'latch-relay-refusals-test'
const WEB_ORIGIN = 'http://localhost:5173'

// The SDK opens its socket through the global WebSocket when there is one, as in a browser; this
// one sends the Origin a page would (`pageOrigin`), which Node's sockets otherwise leave out.
let pageOrigin: string | undefined
class PageWebSocket extends WebSocket {
  constructor(url: string, protocols?: string[], options: Record<string, unknown> = {}) {
    super(url, protocols, { ...options, ...(pageOrigin ? { origin: pageOrigin } : {}) })
  }
}
const formerWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket
;(globalThis as { WebSocket?: unknown }).WebSocket = PageWebSocket
// Imported once the global is in place: the SDK picks its socket class as it loads. Integration
// files share their worker's module cache (vitest.config.ts), so a WalletConnect test file run
// earlier in this worker may have loaded the SDK with Node's own socket, which sends no Origin and
// is let in: the origin test then saw no refusal in a full run. A fresh module registry loads it anew.
vi.resetModules()
const { createWalletConnectProvider } = await import('./session.js')
const { SignClient } = await import('@walletconnect/sign-client')
const { UniversalProvider } = await import('@walletconnect/universal-provider')
type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>

let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
const providers: Provider[] = []
/** Sign clients a test made (the phone): closed with the providers, so none reconnects later. */
const clients: { core: Provider['client']['core'] }[] = []

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  relay = await startDevRelay({ projectId: PROJECT_ID, allowedOrigins: [WEB_ORIGIN] })
})
afterEach(async () => {
  for (const provider of providers.splice(0))
    await provider.client.core.relayer.transportClose().catch(() => undefined)
  for (const client of clients.splice(0))
    await client.core.relayer.transportClose().catch(() => undefined)
  // The SDK loaded above stays in this worker's module cache with PageWebSocket as its socket:
  // a later WalletConnect file in the worker must not keep sending a refused Origin (it did: the
  // Bitcoin session file's relay refused 'https://shop.example' in a full run).
  pageOrigin = undefined
})
afterAll(async () => {
  await relay?.stop()
  guard?.restore()
  ;(globalThis as { WebSocket?: unknown }).WebSocket = formerWebSocket
  // And the next file loads the SDK afresh, with the socket class it finds.
  vi.resetModules()
})

/** A page's provider for `projectId`, its alerts in a store as the controller keeps them. */
async function page(projectId: string, prefix: string) {
  const { alerts, onAlert } = alertsOf()
  const provider = await createWalletConnectProvider({
    projectId,
    relayUrl: relay.url,
    metadata: { name: 'Dapp', description: 'Dapp', url: 'http://localhost', icons: [] },
    networks: [],
    storagePrefix: prefix,
    onAlert,
  })
  providers.push(provider)
  // A connect attempt opens the socket; the visitor trying again opens it again.
  const attempt = () => {
    void provider.connect({ optionalNamespaces: {} }).catch(() => undefined)
  }
  return { ...alerts, provider, attempt }
}

function alertsOf() {
  const store = createAlertsStore()
  const mapped: ProviderAlert[] = []
  const shown: string[] = []
  const logged: string[] = []
  store.subscribe((state, before) => {
    if (state.open && state.shownOnce !== before.shownOnce) shown.push(state.message)
  })
  const onAlert = (alert: ProviderAlert) => {
    mapped.push(alert)
    raiseProviderAlert(store, alert, { warn: (line: string) => logged.push(line) })
  }
  return { alerts: { mapped, shown, logged }, onAlert }
}

describe('the relay refusing the app becomes an alert, shown once', () => {
  it('an unknown project id: Invalid Project ID', async () => {
    pageOrigin = undefined
    const refusedBefore = relay.stats().refused
    const { mapped, shown, logged, attempt } = await page('not-a-project', 'refused-project')
    attempt()
    await expect.poll(() => mapped.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    attempt()
    await expect.poll(() => mapped.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    expect(relay.stats().refused - refusedBefore).toBeGreaterThanOrEqual(2)
    expect(mapped.every((a) => a.code === 'RELAY_INVALID_PROJECT_ID')).toBe(true)
    expect(shown).toEqual(['Invalid Project ID'])
    // The relay's words reach the console, never the alert.
    expect(logged[0]).toContain(RELAY_REFUSALS.projectNotFound)
    expect(shown[0]).not.toContain(RELAY_REFUSALS.projectNotFound)
  })

  it('a page origin not allowed: Origin Not Allowed', async () => {
    pageOrigin = 'https://shop.example'
    const { mapped, shown, logged, attempt } = await page(PROJECT_ID, 'refused-origin')
    attempt()
    await expect.poll(() => mapped.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    attempt()
    await expect.poll(() => mapped.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    expect(mapped.every((a) => a.code === 'RELAY_ORIGIN_NOT_ALLOWED')).toBe(true)
    expect(shown).toEqual(['Origin Not Allowed'])
    expect(logged[0]).toContain(RELAY_REFUSALS.originNotAllowed)
  })

  it('the allowed origin and the known project are let in: no alert', async () => {
    pageOrigin = WEB_ORIGIN
    const refusedBefore = relay.stats().refused
    const { mapped, attempt } = await page(PROJECT_ID, 'allowed')
    const connectionsBefore = relay.stats().connections
    attempt()
    await expect.poll(() => relay.stats().connections).toBeGreaterThan(connectionsBefore)
    expect(relay.stats().refused).toBe(refusedBefore)
    expect(mapped).toEqual([])
  })
})

describe('the relay refusing a session restored at start-up', () => {
  it('a reload with a stored session, its origin now refused: Origin Not Allowed', async () => {
    pageOrigin = WEB_ORIGIN
    const phone = await SignClient.init({
      projectId: PROJECT_ID,
      relayUrl: relay.url,
      customStoragePrefix: 'restored-phone',
      metadata: { name: 'Phone', description: 'Phone', url: 'http://localhost', icons: [] },
      telemetryEnabled: false,
    })
    clients.push(phone)
    phone.on('session_proposal', async ({ id }) => {
      const approved = await phone.approve({
        id,
        namespaces: {
          eip155: {
            chains: ['eip155:1'],
            methods: ['personal_sign'],
            events: [],
            accounts: ['eip155:1:0x0000000000000000000000000000000000000001'],
          },
        },
      })
      await approved.acknowledged()
    })
    const before = await page(PROJECT_ID, 'restored')
    before.provider.on('display_uri', (uri: string) => void phone.pair({ uri }))
    await before.provider.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      },
    })
    await phone.core.relayer.transportClose()
    await before.provider.client.core.relayer.transportClose()

    // The reload: the provider finds the session in storage and opens the socket as it starts,
    // before anyone connects, and the relay refuses the page. In a browser the SDK may still be
    // reading IndexedDB when it has tried and given up; here its storage holds the session back
    // until then (in Node the SDK's storage is in memory, faster than any socket, and lives and
    // dies with its core: the reload is given the page's).
    pageOrigin = 'https://shop.example'
    // A page keeps one SDK core per storage prefix on globalThis (from the core's constructor on);
    // a reload starts without one.
    type Relayer = Provider['client']['core']['relayer']
    const cores = globalThis as unknown as Record<string, { relayer: Relayer } | undefined>
    delete cores._walletConnectCore_restored
    delete cores._walletConnectCore_restored_count
    const stored = before.provider.client.core.storage
    let refused: Promise<Relayer> | undefined
    const storage = {
      getKeys: () => stored.getKeys(),
      getEntries: () => stored.getEntries(),
      setItem: <T>(key: string, value: T) => stored.setItem(key, value),
      removeItem: (key: string) => stored.removeItem(key),
      async getItem<T>(key: string) {
        const relayer = cores._walletConnectCore_restored?.relayer
        if (relayer)
          refused ??= new Promise((resolve) =>
            relayer.once('relayer_error', () => resolve(relayer)),
          )
        if (key.endsWith('//session') && refused) {
          const refusedRelayer = await refused
          // The SDK's own tries (it retries a few times, a second apart) are over.
          await vi.waitFor(() => expect(refusedRelayer.connecting).toBe(false), {
            timeout: 30_000,
          })
        }
        return stored.getItem<T>(key)
      },
    }
    const init = UniversalProvider.init.bind(UniversalProvider)
    const reload = vi
      .spyOn(UniversalProvider, 'init')
      .mockImplementation((options) => init({ ...options, storage }))
    const after = await page(PROJECT_ID, 'restored').finally(() => reload.mockRestore())
    expect(after.provider.session?.topic).toBe(before.provider.session?.topic)
    expect(refused).toBeDefined()
    await expect.poll(() => after.mapped.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    expect(after.mapped.map((a) => a.code)).toContain('RELAY_ORIGIN_NOT_ALLOWED')
    expect(after.shown).toEqual(['Origin Not Allowed'])
  })
})
