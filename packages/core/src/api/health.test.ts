import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from './client.js'
import { ApiError } from './errors.js'

// A real HTTP server on loopback: /healthz answers by the `reply` set in each test; `hang`
// never answers, so only a cancellation can end the request.
let server: Server
let baseUrl: string
let reply: { status: number; body: unknown } | 'hang'
const seen: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '')
    if (reply === 'hang') return
    res.writeHead(reply.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(reply.body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  baseUrl = `http://127.0.0.1:${address.port}`
})
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections()
      server.close(() => r())
    }),
)

const healthy = {
  status: 'ok',
  database: { ok: true, kind: 'pglite' },
  chain: { ok: true, chainId: 31337, blockNumber: '42', rpcUrl: 'http://127.0.0.1:8545' },
}

describe('getHealth', () => {
  it('reads /healthz without sdk parameters', async () => {
    reply = { status: 200, body: healthy }
    const api = createApiClient({ baseUrl, projectId: '' })
    expect(await api.getHealth()).toEqual(healthy)
    expect(seen.at(-1)).toBe('/healthz')
  })

  it('fails on a degraded server (503) with the short message a page shows', async () => {
    reply = { status: 503, body: { ...healthy, status: 'degraded' } }
    const error = await createApiClient({ baseUrl, projectId: '' })
      .getHealth()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'SERVER_ERROR',
      status: 503,
      message: 'The Latch server answered 503.',
      details: 'GET /healthz answered 503',
    })
  })

  it("ends with ABORTED, not TIMEOUT, when the caller's signal cancels it", async () => {
    reply = 'hang'
    const controller = new AbortController()
    const pending = createApiClient({ baseUrl, projectId: '' })
      .getHealth(controller.signal)
      .catch((e: unknown) => e)
    controller.abort()
    expect(await pending).toMatchObject({ code: 'ABORTED', status: 0 })
  })
})
