import { createLatchStorage, createMemoryStorage } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMessageHandler, type FrameServices } from '../app/handler.js'
import { frameNotices } from '../protocol/index.js'
import { createAuthConnector } from './auth.js'
import { FRAME, frameServices } from './frameDouble.testing.js'

const observers: MutationObserver[] = []
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect()
  document.body.innerHTML = ''
})

/**
 * Answers the READY handshake of the frame the connector appends; `ui` posts show and hide on
 * its port as the frame's approval view does.
 */
function serveFrame(services: FrameServices) {
  const ui = { show: () => {}, hide: () => {} }
  const observer = new MutationObserver(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')
    if (!iframe || iframe.dataset.served) return
    iframe.dataset.served = 'yes'
    const channel = new MessageChannel()
    const handle = createMessageHandler({
      services,
      reply: (m) => channel.port1.postMessage(m),
      warn: () => {},
    })
    channel.port1.onmessage = (e) => void handle(e.data)
    ui.show = () => channel.port1.postMessage({ type: frameNotices.show })
    ui.hide = () => channel.port1.postMessage({ type: frameNotices.hide })
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: frameNotices.ready },
        origin: FRAME,
        source: iframe.contentWindow,
        ports: [channel.port2],
      }),
    )
  })
  observer.observe(document.body, { childList: true })
  observers.push(observer)
  return ui
}

describe("the AUTH connector's onApproval", () => {
  it('tells its listeners while the frame shows the approval of a request, and stops telling them once unsubscribed', async () => {
    const { services } = frameServices()
    let approve!: () => void
    const ui = serveFrame({
      ...services,
      RPC_REQUEST: () =>
        new Promise((resolve) => {
          ui.show()
          approve = () => {
            ui.hide()
            resolve({ result: '0xsigned' })
          }
        }),
    })
    const auth = createAuthConnector({
      frameUrl: `${FRAME}/`,
      projectId: 'p1',
      serverUrl: 'http://localhost:8787',
      chainId: 31337,
      storage: createLatchStorage(createMemoryStorage()),
      timings: { readyDelayMs: 0 },
      warn: () => {},
    })
    // Subscribed before the frame exists: the connector holds the listener until it loads.
    const heard: boolean[] = []
    const stop = auth.onApproval((pending) => heard.push(pending))
    const wallet = await auth.load()
    const signed = wallet.request({ method: 'personal_sign', params: ['0x68', '0xabc'] })
    await vi.waitFor(() => expect(heard).toEqual([true]))
    approve()
    await expect(signed).resolves.toBe('0xsigned')
    await vi.waitFor(() => expect(heard).toEqual([true, false]))

    stop()
    const again = wallet.request({ method: 'personal_sign', params: ['0x69', '0xabc'] })
    await vi.waitFor(() => expect(wallet.frame.iframe.style.display).toBe('block'))
    approve()
    await again
    expect(heard).toEqual([true, false])
  })
})
