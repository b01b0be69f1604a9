import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SiwxConfig, SiwxSession } from '../siwx/types.js'
import { ADDRESS_A, ADDRESS_B, createTestLatch } from './latch.testing.js'
import { watchSiwx } from './watchSiwx.js'

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const serverUrl = 'http://127.0.0.1:9'

/** The app's sign-in backend, in memory: a session per `chainId:address`; `offline` fails every ask. */
function memoryBackend() {
  const sessions = new Map<string, SiwxSession>()
  const asked: string[] = []
  let answered = Promise.resolve()
  const backend: {
    offline: boolean
    sessions: typeof sessions
    asked: string[]
    settled(): Promise<void>
    siwx: SiwxConfig
  } = {
    offline: false,
    sessions,
    asked,
    /** Settles once the last `getSessions` answer has been handled by whoever awaited it. */
    settled: () => answered.then(() => new Promise<void>((resolve) => setImmediate(resolve))),
    siwx: {
      createMessage: async ({ address }) => `sign in as ${address}`,
      addSession: async (input) => {
        sessions.set(`${input.chainId}:${input.address}`, input)
        return input
      },
      getSessions: (chainId, address) => {
        asked.push(`${chainId}:${address}`)
        const session = sessions.get(`${chainId}:${address}`)
        const answer: Promise<SiwxSession[]> = backend.offline
          ? Promise.reject(new Error('offline'))
          : Promise.resolve(session ? [session] : [])
        answered = answer.then(
          () => {},
          () => {},
        )
        return answer
      },
      revokeSession: async (chainId, address) => {
        sessions.delete(`${chainId}:${address}`)
      },
    },
  }
  return backend
}

async function setup() {
  const backend = memoryBackend()
  const t = await createTestLatch(serverUrl, { siwx: backend.siwx })
  const stop = watchSiwx(t.latch, backend.siwx)
  stops.push(stop)
  const router = () => t.latch.stores.router.getState()
  return { ...t, backend, stop, router }
}

const session = (address: string): SiwxSession => ({
  chainId: 'eip155:1',
  address,
  message: 'm',
  signature: 's',
})

describe('watchSiwx', () => {
  it('opens the sign-in view when the connected account has no session', async () => {
    const { connect, router, backend } = await setup()
    expect(backend.asked).toEqual([])
    await connect()
    await vi.waitFor(() => expect(router()).toMatchObject({ open: true }))
    expect(router().route.view).toBe('SIWXSignMessage')
    expect(backend.asked).toEqual([`eip155:1:${ADDRESS_A}`])
  })

  it('leaves the modal closed for an account that has a session, and asks again on a change', async () => {
    const { connect, changeAccount, router, backend } = await setup()
    backend.sessions.set(`eip155:1:${ADDRESS_A}`, session(ADDRESS_A))
    await connect()
    await backend.settled()
    expect(backend.asked).toEqual([`eip155:1:${ADDRESS_A}`])
    expect(router().open).toBe(false)
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(router().route.view).toBe('SIWXSignMessage'))
    expect(backend.asked).toEqual([`eip155:1:${ADDRESS_A}`, `eip155:1:${ADDRESS_B}`])
  })

  it('asks to sign in when the backend cannot say (offline)', async () => {
    const { connect, router, backend } = await setup()
    backend.offline = true
    await connect()
    await vi.waitFor(() => expect(router().route.view).toBe('SIWXSignMessage'))
  })

  it('asks nothing once stopped', async () => {
    const { connect, router, backend, stop } = await setup()
    stop()
    await connect()
    // The watcher asks synchronously on the change: nothing asked means nothing will open.
    expect(backend.asked).toEqual([])
    expect(router().open).toBe(false)
  })
})
