import { createLatchStorage, createMemoryStorage } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMessageHandler, type FrameServices } from '../app/handler.js'
import { frameNotices } from '../protocol/index.js'
import { createApprovalWatch } from './approval.js'
import { createEmbeddedWallet } from './wallet.js'

const FRAME = 'http://127.0.0.1:5174'

afterEach(() => {
  document.body.innerHTML = ''
})

/**
 * The embedded wallet against the real message handler; the test plays the frame's UI, which
 * posts show and hide on the port as approve.ts does around its approval view.
 */
function walletWithFrame(services: Partial<FrameServices>) {
  const channel = new MessageChannel()
  const handle = createMessageHandler({
    services: services as FrameServices,
    reply: (message) => channel.port1.postMessage(message),
    warn: () => {},
  })
  channel.port1.onmessage = (event) => void handle(event.data)
  const wallet = createEmbeddedWallet({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    chainId: 'eip155:31337',
    version: '0.1.0',
    enableLogger: false,
    rpcUrl: 'http://localhost:8787',
    storage: createLatchStorage(createMemoryStorage()),
    warn: () => {},
    timings: { readyDelayMs: 0 },
  })
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: frameNotices.ready },
      origin: FRAME,
      source: wallet.frame.iframe.contentWindow,
      ports: [channel.port2],
    }),
  )
  const frameUi = {
    show: () => channel.port1.postMessage({ type: frameNotices.show }),
    hide: () => channel.port1.postMessage({ type: frameNotices.hide }),
  }
  return { wallet, frameUi }
}

describe('the approval the page hears of', () => {
  it('is pending while the frame shows itself for a waiting RPC request, and ends with it', async () => {
    let approve!: (value: { result: unknown }) => void
    const { wallet, frameUi } = walletWithFrame({
      RPC_REQUEST: () =>
        new Promise((resolve) => {
          approve = resolve
          frameUi.show()
        }),
    })
    const heard: boolean[] = []
    wallet.onApproval((pending) => heard.push(pending))
    const signed = wallet.request({ method: 'personal_sign', params: ['0x68', '0xabc'] })
    await vi.waitFor(() => expect(heard).toEqual([true]))
    frameUi.hide()
    approve({ result: '0xsigned' })
    await expect(signed).resolves.toBe('0xsigned')
    expect(heard).toEqual([true, false])
  })

  it('ignores a show notice posted on the window by anyone but the frame, even during a request', async () => {
    let approve!: (value: { result: unknown }) => void
    const { wallet } = walletWithFrame({
      RPC_REQUEST: () =>
        new Promise((resolve) => {
          approve = resolve
        }),
    })
    const heard: boolean[] = []
    wallet.onApproval((pending) => heard.push(pending))
    const signed = wallet.request({ method: 'personal_sign', params: ['0x68', '0xabc'] })
    // The request waits in the frame (its approval not shown) while the notices are forged.
    await vi.waitFor(() => expect(approve).toBeTypeOf('function'))
    // A script of the page, and a window at the frame's origin that is not the frame: neither is
    // the frame's port, the only way a show or hide notice is read.
    // Dispatched events are delivered at once, so nothing can arrive after the check below.
    for (const origin of [window.location.origin, FRAME])
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: frameNotices.show }, origin, source: window }),
      )
    expect(heard).toEqual([])
    approve({ result: '0xsigned' })
    await expect(signed).resolves.toBe('0xsigned')
    expect(heard).toEqual([])
  })

  it('is never pending for a sign-in, which shows the frame with no RPC request waiting', async () => {
    let finish!: () => void
    const { wallet, frameUi } = walletWithFrame({
      CONNECT_EMAIL: () =>
        new Promise((resolve) => {
          finish = () => resolve(undefined as never)
          frameUi.show()
        }),
    })
    const heard: boolean[] = []
    wallet.onApproval((pending) => heard.push(pending))
    const signIn = wallet.connectEmail('a@example.com')
    await vi.waitFor(() => expect(wallet.frame.iframe.style.display).toBe('block'))
    frameUi.hide()
    finish()
    await signIn
    expect(heard).toEqual([])
  })

  it('ends when the request is refused or aborted even if the frame never hides', () => {
    const watch = createApprovalWatch()
    const heard: boolean[] = []
    watch.subscribe((pending) => heard.push(pending))
    watch.setVisible(true)
    const settled = watch.started()
    expect(watch.pending()).toBe(true)
    settled()
    settled() // settling twice counts once
    expect(heard).toEqual([true, false])
    const other = watch.started()
    expect(heard).toEqual([true, false, true])
    other()
    expect(watch.pending()).toBe(false)
  })
})
