import { createServer } from 'node:http'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { ethereumNetwork, optimismNetwork } from '../adapters/eip155/networks.js'
import { type CreateLatchParameters, createLatch } from '../createLatch.js'
import type { SiwxConfig } from '../siwx/types.js'
import { createMemoryStorage } from '../storage/backend.js'
import { createLatchStorage } from '../storage/storage.js'
import { createFakeAdapter } from '../testing/fakeAdapter.js'
import { tx } from '../transactions/fixtures.testing.js'

export const ADDRESS_A = '0x00000000000000000000000000000000000000aa'
export const ADDRESS_B = '0x00000000000000000000000000000000000000bb'

/**
 * A loopback Latch server answering the two routes the watchers reach: identity (a name made
 * from the address) and history (one row whose id names the account and network). Every request
 * path is recorded, so a test can count what was fetched; anything else is answered 404.
 */
export async function startLatchServer() {
  const requests: string[] = []
  const urls: string[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push(url.pathname)
    urls.push(req.url ?? '')
    const identity = url.pathname.match(/^\/v1\/identity\/(.+)$/)
    const history = url.pathname.match(/^\/v1\/account\/(.+)\/history$/)
    res.setHeader('content-type', 'application/json')
    if (identity) res.end(JSON.stringify({ name: `name-${identity[1]?.slice(-2)}`, avatar: null }))
    else if (history) {
      const chain = url.searchParams.get('chainId') ?? ''
      const row = tx(`${history[1]?.slice(-2)}-${chain}`, '2026-01-02T00:00:00Z', { chain })
      res.end(JSON.stringify({ data: [row], next: null }))
    } else res.writeHead(404).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the test server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** Each request's path and query. */
    urls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A Latch over the real stores, controller and API client, whose one wallet is core's fake EVM
 * adapter (no chain behind it) on Ethereum and Optimism. Initialized, not yet connected.
 */
export async function createTestLatch(
  serverUrl: string,
  extra: Partial<CreateLatchParameters> = {},
) {
  const evm = createFakeAdapter({
    namespace: 'eip155',
    networks: [ethereumNetwork, optimismNetwork],
    address: ADDRESS_A,
  })
  const latch = createLatch({
    projectId: 'p1',
    serverUrl,
    adapters: [evm],
    storage: createLatchStorage(createMemoryStorage()),
    providerServices: false,
    ...extra,
  })
  await latch.initialize()
  const connect = () => latch.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  const changeAccount = (address: string) =>
    evm.emit('accountChanged', { connectorId: 'fake', address, accounts: [{ address }] })
  return { latch, evm, connect, changeAccount }
}

/**
 * One loopback server for a test file (started before its tests, closed after them), and the
 * watchers' stop functions a test pushes, called after each test with the request log cleared.
 * (A test-only file: tsconfig.build.json leaves *.testing.ts out of the published package.)
 */
export function useLatchServer() {
  let current: Awaited<ReturnType<typeof startLatchServer>> | undefined
  const stops: Array<() => void> = []
  beforeAll(async () => {
    current = await startLatchServer()
  })
  afterAll(() => current?.close())
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
    current?.requests.splice(0)
  })
  const started = () => {
    if (!current) throw new Error('the test server starts in beforeAll')
    return current
  }
  const server = {
    get url() {
      return started().url
    },
    get urls() {
      return started().urls
    },
    get requests() {
      return started().requests
    },
  }
  return { server, stops }
}

/** An app's sign-in backend with no session for anyone; `asked` lists whom it was asked about. */
export function noSessions(asked: string[]): SiwxConfig {
  return {
    createMessage: async () => 'message',
    addSession: async (input) => input,
    getSessions: async (chainId, address) => {
      asked.push(`${chainId}:${address}`)
      return []
    },
    revokeSession: async () => {},
  }
}
