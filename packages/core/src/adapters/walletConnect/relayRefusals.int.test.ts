/**
 * The real universal provider against the dev relay refusing it (an unknown project id, a page
 * origin not allowed): the visitor sees the catalogue's alert, once, though the provider is
 * refused again on a retry; the SDK's text stays in the console.
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
type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>

let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
const providers: Provider[] = []

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  relay = await startDevRelay({ projectId: PROJECT_ID, allowedOrigins: [WEB_ORIGIN] })
})
afterEach(async () => {
  for (const provider of providers.splice(0))
    await provider.client.core.relayer.transportClose().catch(() => undefined)
})
afterAll(async () => {
  await relay?.stop()
  guard?.restore()
  ;(globalThis as { WebSocket?: unknown }).WebSocket = formerWebSocket
})

/** A page's provider for `projectId`, its alerts in a store as the controller keeps them. */
async function page(projectId: string, prefix: string) {
  const store = createAlertsStore()
  const mapped: ProviderAlert[] = []
  const shown: string[] = []
  const logged: string[] = []
  store.subscribe((state, before) => {
    if (state.open && state.shownOnce !== before.shownOnce) shown.push(state.message)
  })
  const provider = await createWalletConnectProvider({
    projectId,
    relayUrl: relay.url,
    metadata: { name: 'Dapp', description: 'Dapp', url: 'http://localhost', icons: [] },
    networks: [],
    storagePrefix: prefix,
    onAlert: (alert) => {
      mapped.push(alert)
      raiseProviderAlert(store, alert, { warn: (line: string) => logged.push(line) })
    },
  })
  providers.push(provider)
  // A connect attempt opens the socket; the visitor trying again opens it again.
  const attempt = () => {
    void provider.connect({ optionalNamespaces: {} }).catch(() => undefined)
  }
  return { mapped, shown, logged, attempt }
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
