import { createLatchStorage, createMemoryStorage, createStores } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuthConnector } from './auth.js'
import {
  FRAME,
  frameServices,
  frames,
  serveFrames,
  stopServingFrames,
} from './frameDouble.testing.js'

function setup() {
  const frame = frameServices()
  const observer = serveFrames(frame.services)
  const auth = createAuthConnector({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    serverUrl: 'http://localhost:8787',
    chainId: 31337,
    version: 'latch-test',
    storage: createLatchStorage(createMemoryStorage()),
    timings: { readyDelayMs: 0 },
    warn: () => {},
  })
  return { ...frame, auth, observer }
}

const metadata = (name: string) => ({
  name,
  description: 'A shop',
  url: 'https://shop.example',
  icons: [],
})
const syncs = (calls: string[]) => calls.filter((c) => /^(theme|dapp|reload)/.test(c))

afterEach(stopServingFrames)

describe("the page's sync events", () => {
  it('loads no frame for the sync alone; sends theme and name once the frame is ready', async () => {
    const { auth, calls, observer } = setup()
    // As @latch/react does with the app's config and its options store.
    const stores = createStores({ metadata: metadata('Shop') })
    auth.syncApp?.({
      themeMode: 'dark',
      themeVariables: { '--latch-accent': '#123' },
      options: stores.options,
    })
    await Promise.resolve()
    expect(frames()).toBe(0)

    await auth.signInWithEmail('ada@example.com')
    await vi.waitFor(() => expect(syncs(calls)).toHaveLength(2))
    expect(syncs(calls)).toEqual([
      'dapp:Shop',
      'theme:{"themeMode":"dark","themeVariables":{"--latch-accent":"#123"}}',
    ])

    // A change of metadata reaches the frame already loaded.
    stores.options.setState({ metadata: metadata('Shop 2') })
    await vi.waitFor(() => expect(syncs(calls)).toContain('dapp:Shop 2'))
    // Another option changing sends nothing.
    const sent = syncs(calls).length
    stores.options.setState({ enableReconnect: false })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(syncs(calls)).toHaveLength(sent)
    observer.disconnect()
  })

  it('an abandoned Farcaster sign-in reloads the frame, then tells it the app again', async () => {
    const { auth, calls, observer } = setup()
    auth.syncApp?.({ options: createStores({ metadata: metadata('Shop') }).options })
    const controller = new AbortController()
    const attempt = auth.connectFarcaster?.({ signal: controller.signal })
    await vi.waitFor(() => expect(calls).toContain('farcaster'))
    controller.abort()
    await expect(attempt).rejects.toThrow()
    await vi.waitFor(() => expect(syncs(calls)).toHaveLength(5))
    expect(syncs(calls)).toEqual(['dapp:Shop', 'theme:{}', 'reload', 'dapp:Shop', 'theme:{}'])
    observer.disconnect()
  })
})
