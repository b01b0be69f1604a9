import { createLatchStorage, createMemoryStorage, frameRequestTimedOut } from '@latch/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessageHandler, FrameError, type FrameServices } from '../app/handler.js'
import { frameNotices } from '../protocol/index.js'
import { createFrameClient, type FrameClientOptions } from './client.js'
import { createEmbeddedWallet } from './wallet.js'

const FRAME = 'http://127.0.0.1:5174'
const query = {
  frameUrl: `${FRAME}/`,
  projectId: 'p1',
  chainId: 'eip155:31337',
  version: '0.1.0',
  enableLogger: false,
  rpcUrl: 'http://localhost:8787',
}

const user = { address: '0xabc', chainId: 31337, email: 'someone-with-a-long-name@example.com' }

/** A frame end backed by the real message handler, with services the test controls. */
function frameEnd(services: Partial<FrameServices>) {
  const channel = new MessageChannel()
  const handle = createMessageHandler({
    services: services as FrameServices,
    reply: (message) => channel.port1.postMessage(message),
    warn: () => {},
  })
  channel.port1.onmessage = (event) => void handle(event.data)
  return channel
}

function announce(source: Window | null, origin: string, port?: MessagePort) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: frameNotices.ready },
      origin,
      source,
      ports: port ? [port] : [],
    }),
  )
}

function client(options: Partial<FrameClientOptions> = {}) {
  return createFrameClient({ ...query, warn: () => {}, timings: { readyDelayMs: 0 }, ...options })
}

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('createFrameClient', () => {
  it('appends a hidden iframe carrying the docs/behaviour.md#wire query', () => {
    const { iframe } = client()
    const url = new URL(iframe.src)
    expect(url.origin).toBe(FRAME)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: 'eip155:31337',
      version: '0.1.0',
      enableLogger: 'false',
      rpcUrl: 'http://localhost:8787',
    })
    expect(iframe.style.display).toBe('none')
    expect(Number(iframe.style.zIndex)).toBeGreaterThan(999)
  })

  it('talks over the port announced by the frame window at the frame origin', async () => {
    const c = client()
    const channel = frameEnd({ IS_CONNECTED: async () => ({ isConnected: true }) })
    announce(c.iframe.contentWindow, FRAME, channel.port2)
    await expect(c.request('IS_CONNECTED', undefined)).resolves.toEqual({ isConnected: true })
  })

  it('ignores announcements from another origin or another window', async () => {
    vi.useFakeTimers()
    const c = client()
    const onReady = vi.fn()
    c.ready().then(onReady, () => {})
    const other = document.createElement('iframe')
    document.body.appendChild(other)
    announce(c.iframe.contentWindow, 'http://evil.test', new MessageChannel().port2)
    announce(other.contentWindow, FRAME, new MessageChannel().port2)
    announce(c.iframe.contentWindow, FRAME) // no port
    await vi.advanceTimersByTimeAsync(1000)
    expect(onReady).not.toHaveBeenCalled()
  })

  it('waits 500 ms after the announcement before it is ready', async () => {
    vi.useFakeTimers()
    const c = client({ timings: {} })
    const onReady = vi.fn()
    c.ready().then(onReady)
    announce(c.iframe.contentWindow, FRAME, frameEnd({}).port2)
    await vi.advanceTimersByTimeAsync(499)
    expect(onReady).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onReady).toHaveBeenCalled()
  })

  it("fails with 'iframe_load_failed' when the frame is not ready in 20 s, aborting requests", async () => {
    vi.useFakeTimers()
    const onAlert = vi.fn()
    const c = client({ onAlert })
    const pending = c.request('GET_USER', undefined)
    const failed = expect(pending).rejects.toThrow('Unable to load email login dependency')
    await vi.advanceTimersByTimeAsync(20_000)
    await failed
    expect(onAlert).toHaveBeenCalledWith(
      'iframe_load_failed',
      'Unable to load email login dependency',
    )
  })

  it("fails a sign-in unanswered in 10 minutes (a code's life) with 'iframe_request_timeout'", async () => {
    vi.useFakeTimers()
    const onAlert = vi.fn()
    const c = client({ onAlert })
    announce(
      c.iframe.contentWindow,
      FRAME,
      frameEnd({ CONNECT_EMAIL: () => new Promise(() => {}) }).port2,
    )
    await vi.advanceTimersByTimeAsync(1)
    await c.ready()
    const pending = c.request('CONNECT_EMAIL', { email: 'a@b.co' })
    let settled = false
    pending.catch(() => {}).finally(() => (settled = true))
    // The visitor may still be typing the code after two minutes.
    await vi.advanceTimersByTimeAsync(120_000)
    expect(settled).toBe(false)
    const failed = expect(pending).rejects.toThrow(frameRequestTimedOut)
    await vi.advanceTimersByTimeAsync(480_000)
    await failed
    expect(onAlert).toHaveBeenCalledWith('iframe_request_timeout', frameRequestTimedOut)
  })

  it('passes the frame error message and code through', async () => {
    const c = client()
    announce(
      c.iframe.contentWindow,
      FRAME,
      frameEnd({
        RPC_REQUEST: async () => {
          throw new FrameError('User rejected the request.', 4001)
        },
      }).port2,
    )
    await expect(c.request('RPC_REQUEST', { method: 'personal_sign' })).rejects.toMatchObject({
      message: 'User rejected the request.',
      code: 4001,
    })
  })

  it("aborts waiting RPC requests with 'Request was aborted' and tells the frame", async () => {
    const c = client()
    let frameSignal: AbortSignal | undefined
    announce(
      c.iframe.contentWindow,
      FRAME,
      frameEnd({
        RPC_REQUEST: (_payload, { signal }) => {
          frameSignal = signal
          return new Promise(() => {})
        },
      }).port2,
    )
    await c.ready()
    const pending = c.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [] })
    await vi.waitFor(() => expect(frameSignal).toBeDefined())
    c.abortRpcRequests()
    await expect(pending).rejects.toThrow('Request was aborted')
    await vi.waitFor(() => expect(frameSignal?.aborted).toBe(true))
  })

  it('shows and hides the iframe when the frame asks', async () => {
    const c = client()
    const channel = frameEnd({})
    announce(c.iframe.contentWindow, FRAME, channel.port2)
    await c.ready()
    channel.port1.postMessage({ type: frameNotices.show })
    await vi.waitFor(() => expect(c.iframe.style.display).toBe('block'))
    channel.port1.postMessage({ type: frameNotices.hide })
    await vi.waitFor(() => expect(c.iframe.style.display).toBe('none'))
  })
})

describe('createEmbeddedWallet', () => {
  let storage: ReturnType<typeof createLatchStorage>
  beforeEach(() => {
    storage = createLatchStorage(createMemoryStorage())
  })

  function wallet(services: Partial<FrameServices>, now = () => 1_000_000) {
    const w = createEmbeddedWallet({
      ...query,
      storage,
      now,
      warn: () => {},
      timings: { readyDelayMs: 0 },
    })
    announce(w.frame.iframe.contentWindow, FRAME, frameEnd(services).port2)
    return w
  }

  it("refuses a second code within 30 s: 'Please try again after N seconds'", async () => {
    let t = 1_000_000
    const send = vi.fn(async () => undefined)
    const w = wallet({ CONNECT_EMAIL: send }, () => t)
    await w.connectEmail('a@b.co')
    t += 12_000
    await expect(w.connectEmail('a@b.co')).rejects.toThrow('Please try again after 18 seconds')
    t += 18_000
    await expect(w.connectEmail('a@b.co')).resolves.toBeUndefined()
    expect(send).toHaveBeenCalledTimes(2)
  })

  it("follows the server's throttle: a retry after the server's wait is not refused again here", async () => {
    let t = 1_000_000
    let refuse = true
    const send = vi.fn(async () => {
      if (refuse) throw new FrameError('Please try again after 24 seconds', undefined, 24)
      return undefined
    })
    const w = wallet({ CONNECT_EMAIL: send }, () => t)
    await expect(w.connectEmail('a@b.co')).rejects.toThrow('Please try again after 24 seconds')
    refuse = false
    t += 24_000
    await expect(w.connectEmail('a@b.co')).resolves.toBeUndefined()
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('stores email, login flag and last chain on success, and clears the send time', async () => {
    const w = wallet({
      CONNECT_EMAIL: async () => undefined,
      GET_USER: async () => user,
    })
    await w.connectEmail(user.email)
    const got = await w.getUser({ chainId: 'eip155:31337' })
    expect(got.displayName).toBe('someone-with-a-long-name@examp...')
    expect(storage.get('email')).toBe(user.email)
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('lastUsedChainId')).toBe('31337')
    expect(storage.get('lastEmailLoginTime')).toBeUndefined()
  })

  it('clears the login cache when the connection check fails', async () => {
    storage.set('email', 'a@b.co')
    storage.set('emailLoginUsed', true)
    const w = wallet({ IS_CONNECTED: async () => ({ isConnected: false }) })
    expect(await w.isConnected()).toBe(false)
    expect(storage.get('email')).toBeUndefined()
    expect(storage.get('emailLoginUsed')).toBeUndefined()
  })

  it('signs out within 3 s even when the frame never answers', async () => {
    vi.useFakeTimers()
    storage.set('email', 'a@b.co')
    const w = wallet({ SIGN_OUT: () => new Promise(() => {}) })
    await vi.advanceTimersByTimeAsync(1)
    await w.ready()
    const done = vi.fn()
    w.signOut().then(done)
    await vi.advanceTimersByTimeAsync(3000)
    expect(done).toHaveBeenCalled()
    expect(storage.get('email')).toBeUndefined()
  })

  it('asks for the connector preference, else the stored type, else the chain default', async () => {
    const seen: unknown[] = []
    const w = wallet({
      GET_USER: async (payload) => {
        seen.push(payload?.preferredAccountType)
        return user
      },
    })
    await w.getUser({ chainId: 'eip155:1' })
    storage.set('preferredAccountTypes', { eip155: 'eoa' })
    await w.getUser({ chainId: 'eip155:1' })
    await w.getUser({ chainId: 'eip155:1', preferredAccountType: 'smartAccount' })
    expect(seen).toEqual(['smartAccount', 'eoa', 'smartAccount'])
  })
})
