import { createLatchStorage, createMemoryStorage, type LatchStorage } from '@latch/core'
import { connect, createConfig, disconnect, getAccount, http, reconnect } from '@wagmi/core'
import { getAddress } from 'viem'
import { foundry, sepolia } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { createMessageHandler, FrameError, type FrameServices } from '../app/handler.js'
import { frameNotices } from '../protocol/index.js'
import { AUTH_CONNECTOR_ID, createAuthConnector } from './auth.js'

const FRAME = 'http://127.0.0.1:5174'
const ADDRESS = getAddress('0x70997970c51812dc3a010c7d01b50e0d16dc79c8')

/** The frame's side: a user who signs in with code 123456, behind the real message handler. */
function frameServices() {
  const state = { signedIn: false, email: '', chainId: 'eip155:31337' as string | number }
  const calls: string[] = []
  const services: Partial<FrameServices> = {
    CONNECT_EMAIL: async ({ email }) => {
      calls.push(`email:${email}`)
      state.email = email
      return { action: 'VERIFY_OTP' }
    },
    CONNECT_OTP: async ({ otp }) => {
      if (otp !== '123456') throw new FrameError('Invalid code')
      state.signedIn = true
      return undefined
    },
    GET_USER: async (payload) => {
      if (!state.signedIn) throw new FrameError('Not signed in')
      if (payload?.chainId !== undefined) state.chainId = payload.chainId
      return {
        email: state.email,
        address: ADDRESS,
        chainId: state.chainId,
        accounts: [{ address: ADDRESS, type: 'eoa' as const }],
        preferredAccountType: 'eoa' as const,
        smartAccountDeployed: false,
      }
    },
    IS_CONNECTED: async () => ({ isConnected: state.signedIn }),
    SIGN_OUT: async () => {
      calls.push('signOut')
      state.signedIn = false
      return undefined
    },
    SWITCH_NETWORK: async ({ chainId }) => {
      calls.push(`switch:${chainId}`)
      state.chainId = chainId
      return { chainId }
    },
  }
  return { state, calls, services: services as FrameServices }
}

/** Answers the frame's READY handshake for each iframe the connector appends. */
function serveFrames(services: FrameServices) {
  const served = new Set<Element>()
  const observer = new MutationObserver(() => {
    for (const iframe of document.querySelectorAll('iframe[data-latch-frame]')) {
      if (served.has(iframe)) continue
      served.add(iframe)
      const channel = new MessageChannel()
      const handle = createMessageHandler({
        services,
        reply: (m) => channel.port1.postMessage(m),
        warn: () => {},
      })
      channel.port1.onmessage = (e) => void handle(e.data)
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: frameNotices.ready },
          origin: FRAME,
          source: (iframe as HTMLIFrameElement).contentWindow,
          ports: [channel.port2],
        }),
      )
    }
  })
  observer.observe(document.body, { childList: true })
  observers.push(observer)
  return observer
}

function setup(storage: LatchStorage = createLatchStorage(createMemoryStorage())) {
  const frame = frameServices()
  const observer = serveFrames(frame.services)
  const auth = createAuthConnector({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    serverUrl: 'http://localhost:8787',
    chainId: 31337,
    storage,
    timings: { readyDelayMs: 0 },
    warn: () => {},
  })
  const config = createConfig({
    chains: [foundry, sepolia],
    connectors: [auth.connector],
    transports: {
      [foundry.id]: http('http://127.0.0.1:1'),
      [sepolia.id]: http('http://127.0.0.1:1'),
    },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  return { ...frame, auth, config, storage, observer }
}

const frames = () => document.querySelectorAll('iframe[data-latch-frame]').length

const observers: MutationObserver[] = []
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect()
  document.body.innerHTML = ''
})

describe('createAuthConnector', () => {
  it('loads no frame for a visitor who never signed in by email', async () => {
    const { config, observer } = setup()
    const connector = config.connectors.find((c) => c.id === AUTH_CONNECTOR_ID)!
    expect(connector.type).toBe('AUTH')
    expect(await connector.getProvider()).toBeUndefined()
    expect(await connector.isAuthorized()).toBe(false)
    expect(await reconnect(config)).toEqual([])
    expect(frames()).toBe(0)
    observer.disconnect()
  })

  it('signs in by code, then connects through wagmi with the user as account', async () => {
    const { auth, config, calls, observer } = setup()
    const seen: (string | undefined)[] = []
    auth.subscribe(() => seen.push(auth.getUser()?.email ?? undefined))

    expect(await auth.sendEmailCode('ada@example.com')).toEqual({ action: 'VERIFY_OTP' })
    expect(frames()).toBe(1)
    await expect(auth.verifyEmailCode('000000')).rejects.toThrow('Invalid code')
    await auth.verifyEmailCode('123456')
    const result = await connect(config, { connector: config.connectors[0]! })

    expect(result).toEqual({ accounts: [ADDRESS], chainId: 31337 })
    expect(getAccount(config).address).toBe(ADDRESS)
    expect(auth.getUser()).toEqual({
      email: 'ada@example.com',
      displayName: 'ada@example.com',
      address: ADDRESS,
      accountType: 'eoa',
    })
    expect(seen).toEqual(['ada@example.com'])
    expect(calls).toEqual(['email:ada@example.com'])
    expect(frames()).toBe(1)
    observer.disconnect()
  })

  it('a second send within 30 s is refused before it reaches the frame', async () => {
    const { auth, calls, observer } = setup()
    await auth.sendEmailCode('ada@example.com')
    await expect(auth.sendEmailCode('ada@example.com')).rejects.toThrow(
      /Please try again after (29|30) seconds/,
    )
    expect(calls).toEqual(['email:ada@example.com'])
    observer.disconnect()
  })

  it('connecting on another chain switches the frame first', async () => {
    const { auth, config, calls, observer } = setup()
    await auth.sendEmailCode('ada@example.com')
    await auth.verifyEmailCode('123456')
    const result = await connect(config, { connector: config.connectors[0]!, chainId: sepolia.id })
    expect(result.chainId).toBe(sepolia.id)
    expect(calls).toContain(`switch:eip155:${sepolia.id}`)
    observer.disconnect()
  })

  it('after a reload the login flag lets wagmi reconnect; disconnect signs out', async () => {
    const storage = createLatchStorage(createMemoryStorage())
    const first = setup(storage)
    await first.auth.sendEmailCode('ada@example.com')
    await first.auth.verifyEmailCode('123456')
    await connect(first.config, { connector: first.config.connectors[0]! })
    expect(storage.get('emailLoginUsed')).toBe(true)
    first.observer.disconnect()
    document.body.innerHTML = ''

    // A new page: same storage, a new connector and config; the frame still has its session.
    const services = first.services
    const observer = serveFrames(services)
    const auth = createAuthConnector({
      frameUrl: `${FRAME}/`,
      projectId: 'p1',
      serverUrl: 'http://localhost:8787',
      chainId: 31337,
      storage,
      timings: { readyDelayMs: 0 },
      warn: () => {},
    })
    const config = createConfig({
      chains: [foundry],
      connectors: [auth.connector],
      transports: { [foundry.id]: http('http://127.0.0.1:1') },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    const [connection] = await reconnect(config)
    expect(connection?.accounts).toEqual([ADDRESS])
    expect(auth.getUser()?.address).toBe(ADDRESS)

    await disconnect(config)
    expect(first.calls).toContain('signOut')
    expect(auth.getUser()).toBeUndefined()
    expect(storage.get('emailLoginUsed')).toBeUndefined()
    observer.disconnect()

    // Without the flag, the next page load does not even load the frame.
    document.body.innerHTML = ''
    const third = setup(storage)
    expect(await reconnect(third.config)).toEqual([])
    expect(frames()).toBe(0)
    third.observer.disconnect()
  })

  it('a frame that never announces itself fails with the load error, and a retry starts afresh', async () => {
    const auth = createAuthConnector({
      frameUrl: `${FRAME}/`,
      projectId: 'p1',
      serverUrl: 'http://localhost:8787',
      chainId: 31337,
      storage: createLatchStorage(createMemoryStorage()),
      timings: { readyTimeoutMs: 20 },
      warn: () => {},
    })
    await expect(auth.sendEmailCode('ada@example.com')).rejects.toThrow(
      'Unable to load email login dependency',
    )
    expect(frames()).toBe(0)
  })
})
