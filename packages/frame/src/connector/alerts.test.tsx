import { createLatch, createLatchStorage, createMemoryStorage, errorMessages } from '@latch/core'
import { afterEach, describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../app/custody/keys.js'
import type { FrameServices } from '../app/handler.js'
import { handleRpc } from '../app/rpc.js'
import { createAuthConnector } from './auth.js'
import { FRAME, frameServices, serveFrames, stopServingFrames } from './frameDouble.testing.js'

afterEach(stopServingFrames)

const connector = (readyTimeoutMs?: number) =>
  createAuthConnector({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    serverUrl: 'http://localhost:8787',
    chainId: 31337,
    storage: createLatchStorage(createMemoryStorage()),
    timings: { readyDelayMs: 0, ...(readyTimeoutMs && { readyTimeoutMs }) },
    warn: () => {},
  })

describe("the AUTH connector's alerts reach the controller's alert surface", () => {
  it("a frame that never gets ready: 'Unable to load email login dependency', once", async () => {
    // Nothing answers the frame's handshake; the ready timeout is shortened from 20 s.
    const auth = connector(50)
    const latch = createLatch({
      projectId: 'p1',
      serverUrl: 'http://127.0.0.1:9',
      providerServices: false,
      auth,
    })
    const unmount = latch.mount()
    await expect(auth.load()).rejects.toMatchObject({ alert: 'iframe_load_failed' })
    expect(latch.stores.alerts.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: errorMessages.emailLoginDependency,
      shownOnce: ['iframe_load_failed'],
    })
    unmount()
  })

  it("a method off the frame's allow-list: 'Action not allowed'; an allowed one raises nothing", async () => {
    const { services } = frameServices()
    const wallet = deriveWallet(newEntropy())
    serveFrames({
      ...services,
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
    } as FrameServices)
    const auth = connector()
    const heard: [string, string][] = []
    const stop = auth.onAlert((alert, message) => heard.push([alert, message]))
    const embedded = await auth.load()
    await expect(embedded.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    expect(heard).toEqual([])
    await expect(embedded.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
    })
    expect(heard).toEqual([['Action not allowed', 'Action not allowed']])
    stop()
    await expect(embedded.request({ method: 'eth_sign', params: [] })).rejects.toBeDefined()
    expect(heard).toHaveLength(1)
  })
})
