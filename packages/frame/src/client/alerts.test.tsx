import { type AuthConnector, closeAlert, createLatch, errorMessages } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deriveWallet, newEntropy } from '../app/custody/keys.js'
import { createMessageHandler, type FrameServices } from '../app/handler.js'
import { handleRpc } from '../app/rpc.js'
import { frameNotices } from '../protocol/index.js'
import { createFrameClient } from './client.js'

// The frame's alerts reach the controller's one alert surface: the page-side client hears the
// frame's real allow-list refusal and the 20 s load timeout, and core's watcher shows each once.
const FRAME = 'http://127.0.0.1:5174'
const wallet = deriveWallet(newEntropy())

/** The frame end: the real message handler and the real RPC allow-list of the frame. */
function frameEnd() {
  const channel = new MessageChannel()
  const services = {
    RPC_REQUEST: async (payload, { signal }) => ({
      result: await handleRpc(
        payload,
        {
          wallet,
          activeChainId: 31337,
          // Nothing listens here: a test that reached the network would fail.
          proxyUrl: () => 'http://127.0.0.1:9/',
          origin: 'http://localhost:5173',
          approve: async () => true,
        },
        signal,
      ),
    }),
  } as Partial<FrameServices> as FrameServices
  const handle = createMessageHandler({
    services,
    reply: (message) => channel.port1.postMessage(message),
    warn: () => {},
  })
  channel.port1.onmessage = (event) => void handle(event.data)
  return channel
}

/**
 * The page side as the auth connector wires it: the client's alerts fan out to listeners, one of
 * them the mounted controller's.
 */
function page() {
  const listeners = new Set<(alert: string, message: string) => void>()
  const auth = {
    onAlert(listener: (alert: string, message: string) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as Partial<AuthConnector> as AuthConnector
  const latch = createLatch({
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    auth,
  })
  const store = latch.stores.alerts
  const stop = latch.mount()
  const client = createFrameClient({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    chainId: 'eip155:31337',
    version: '0.1.0',
    enableLogger: false,
    rpcUrl: 'http://localhost:8787',
    warn: () => {},
    timings: { readyDelayMs: 0 },
    onAlert: (alert, message) => {
      for (const listener of listeners) listener(alert, message)
    },
  })
  return { client, store, stop, listeners }
}

function announce(source: Window | null, port: MessagePort) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: frameNotices.ready },
      origin: FRAME,
      source,
      ports: [port],
    }),
  )
}

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe("the frame's alerts on the alert surface", () => {
  it("shows 'Action not allowed' once when the frame refuses a method off its allow-list", async () => {
    const { client, store } = page()
    announce(client.iframe.contentWindow, frameEnd().port2)
    const refused = client.request('RPC_REQUEST', { method: 'eth_sign', params: [] })
    await expect(refused).rejects.toMatchObject({
      message: errorMessages.rpcCallNotAllowed,
      code: 4200,
    })
    expect(store.getState()).toMatchObject({
      open: true,
      message: 'Action not allowed',
      variant: 'error',
    })
    // Dismissed, it does not come back for the same refusal (each alert shown once).
    closeAlert(store)
    await expect(
      client.request('RPC_REQUEST', { method: 'eth_sign', params: [] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(store.getState().open).toBe(false)
  })

  it('raises no alert for an allowed method', async () => {
    const { client, store } = page()
    announce(client.iframe.contentWindow, frameEnd().port2)
    await expect(client.request('RPC_REQUEST', { method: 'eth_chainId' })).resolves.toEqual({
      result: '0x7a69',
    })
    expect(store.getState().open).toBe(false)
  })

  it('shows the load failure in words, not its code, when the frame is not ready in 20 s', async () => {
    vi.useFakeTimers()
    const { client, store, stop, listeners } = page()
    const ready = client.ready().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await ready).toMatchObject({ alert: 'iframe_load_failed' })
    expect(store.getState()).toMatchObject({
      open: true,
      message: errorMessages.emailLoginDependency,
      shownOnce: ['iframe_load_failed'],
    })
    stop()
    expect(listeners.size).toBe(0)
  })
})
