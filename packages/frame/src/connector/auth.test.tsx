import { createLatchStorage, createMemoryStorage, type LatchStorage } from '@latch/core'
import { connect, createConfig, disconnect, getAccount, http, reconnect } from '@wagmi/core'
import { foundry, sepolia } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_CONNECTOR_ID, createAuthConnector } from './auth.js'
import {
  ADDRESS,
  FRAME,
  frameServices,
  frames,
  serveFrames,
  stopServingFrames,
} from './frameDouble.testing.js'

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

afterEach(stopServingFrames)

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

  it('signs in through the frame, then connects through wagmi with the user as account', async () => {
    const { auth, config, calls, observer } = setup()
    const seen: (string | undefined)[] = []
    auth.subscribe(() => seen.push(auth.getUser()?.email ?? undefined))

    await auth.signInWithEmail('ada@example.com')
    expect(frames()).toBe(1)
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

  it("passes the frame's refusal on, and signs nobody in", async () => {
    const { auth, config, observer } = setup()
    await expect(auth.signInWithEmail('blocked@example.com')).rejects.toThrow('Invalid code')
    await expect(connect(config, { connector: config.connectors[0]! })).rejects.toThrow()
    expect(auth.getUser()).toBeUndefined()
    observer.disconnect()
  })

  it('a second send within 30 s is refused before it reaches the frame', async () => {
    const { auth, calls, observer } = setup()
    await auth.signInWithEmail('ada@example.com')
    await expect(auth.signInWithEmail('ada@example.com')).rejects.toThrow(
      /Please try again after (29|30) seconds/,
    )
    expect(calls).toEqual(['email:ada@example.com'])
    observer.disconnect()
  })

  it('connecting on another chain switches the frame first', async () => {
    const { auth, config, calls, observer } = setup()
    await auth.signInWithEmail('ada@example.com')
    const result = await connect(config, { connector: config.connectors[0]!, chainId: sepolia.id })
    expect(result.chainId).toBe(sepolia.id)
    expect(calls).toContain(`switch:eip155:${sepolia.id}`)
    observer.disconnect()
  })

  it('after a reload the login flag lets wagmi reconnect; disconnect signs out', async () => {
    const storage = createLatchStorage(createMemoryStorage())
    const first = setup(storage)
    await first.auth.signInWithEmail('ada@example.com')
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
    await expect(auth.signInWithEmail('ada@example.com')).rejects.toThrow(
      'Unable to load email login dependency',
    )
    expect(frames()).toBe(0)
  })
})
