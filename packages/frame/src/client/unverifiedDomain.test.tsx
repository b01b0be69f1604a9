import { createLatch, unverifiedDomain } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { frameNotices } from '../protocol/index.js'
import { createFrameClient } from './client.js'

// A page off the project's allow-list: the frame refuses it (or frame-ancestors keeps it from
// rendering), so the frame never announces itself. The client asks the server the frame's own
// question and shows 'unverified_domain' at once, in words, instead of 'iframe_load_failed' 20 s on.
const FRAME = 'http://127.0.0.1:5174'
const SERVER = 'http://127.0.0.1:8787'

function page(answer: (url: URL) => Promise<Response>) {
  const asked: URL[] = []
  const latch = createLatch({ projectId: 'p1', serverUrl: SERVER, providerServices: false })
  const alerts: Array<[string, string]> = []
  const client = createFrameClient({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    chainId: 'eip155:31337',
    version: '0.1.0',
    enableLogger: false,
    rpcUrl: SERVER,
    warn: () => {},
    timings: { readyDelayMs: 0 },
    onAlert: (alert, message) => alerts.push([alert, message]),
    fetch: (async (input: string) => {
      const url = new URL(input)
      asked.push(url)
      return answer(url)
    }) as typeof fetch,
  })
  return { client, alerts, asked, latch }
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }))

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe("the 'unverified domain' alert", () => {
  it('is raised at once when the server says the page origin is not allowed', async () => {
    vi.useFakeTimers()
    const { client, alerts, asked } = page(() => json({ allowed: false }))
    const ready = client.ready().catch((error: unknown) => error)
    // Well before the 20 s load timeout.
    await vi.advanceTimersByTimeAsync(10)
    const error = await ready
    expect(error).toMatchObject({ name: 'FrameOriginNotAllowedError', alert: 'unverified_domain' })
    expect((error as Error).message).toBe(unverifiedDomain)
    expect(alerts).toEqual([['unverified_domain', unverifiedDomain]])
    // The frame's own question, with this page's origin and project.
    expect(asked[0]?.pathname).toBe('/auth/v1/frame/origin')
    expect(asked[0]?.searchParams.get('origin')).toBe(window.location.origin)
    expect(asked[0]?.searchParams.get('projectId')).toBe('p1')
    // The load timeout does not add a second alert later.
    await vi.advanceTimersByTimeAsync(20_000)
    expect(alerts).toHaveLength(1)
  })

  it('stays silent on an allowed origin, and the frame still gets ready', async () => {
    const { client, alerts, asked } = page(() => json({ allowed: true }))
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    const channel = new MessageChannel()
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: frameNotices.ready },
        origin: FRAME,
        source: client.iframe.contentWindow,
        ports: [channel.port2],
      }),
    )
    await expect(client.ready()).resolves.toBeUndefined()
    expect(alerts).toEqual([])
  })

  it('leaves the 20 s load timeout in charge when the server cannot be asked', async () => {
    vi.useFakeTimers()
    const { client, alerts } = page(() => Promise.reject(new TypeError('fetch failed')))
    const ready = client.ready().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(19_000)
    expect(alerts).toEqual([])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await ready).toMatchObject({ alert: 'iframe_load_failed' })
  })

  it('ignores a refusal that arrives after the frame announced itself', async () => {
    let answer!: (response: Response) => void
    const { client, alerts } = page(() => new Promise((resolve) => (answer = resolve)))
    const channel = new MessageChannel()
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: frameNotices.ready },
        origin: FRAME,
        source: client.iframe.contentWindow,
        ports: [channel.port2],
      }),
    )
    await client.ready()
    answer(new Response(JSON.stringify({ allowed: false })))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(alerts).toEqual([])
  })
})
