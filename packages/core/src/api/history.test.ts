import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from './client.js'
import { ApiError } from './errors.js'

let server: Server
let baseUrl: string
const seen: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://x')
    // Never answers: the client's timeout must end the request.
    if (url.searchParams.get('cursor') === 'hang') return
    if (url.searchParams.get('cursor') === 'broken') {
      res.writeHead(500).end('{}')
      return
    }
    if (url.searchParams.get('chainId') === 'eip155:5') {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { code: 'UNSUPPORTED_CHAIN', message: 'not supported' } }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({ data: [{ id: url.searchParams.get('cursor') ?? 'page1' }], next: 'c2' }),
    )
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

describe('getHistory', () => {
  it('asks for the page the cursor names (no cursor-blind cache)', async () => {
    const { getHistory: fetchPage } = createApiClient({ baseUrl, projectId: 'p1' })
    const first = await fetchPage({ account: '0xabc', chainId: 'eip155:31337', cursor: undefined })
    const second = await fetchPage({ account: '0xabc', chainId: 'eip155:31337', cursor: 'c2' })
    expect(first.data[0]?.id).toBe('page1')
    expect(second.data[0]?.id).toBe('c2')
    expect(seen.at(-1)).toBe(
      '/v1/account/0xabc/history?projectId=p1&chainId=eip155%3A31337&cursor=c2',
    )
  })

  it('fails with TIMEOUT when the server holds the request past the timeout', async () => {
    const { getHistory } = createApiClient({ baseUrl, projectId: 'p1', timeoutMs: 50 })
    const error = await getHistory({ account: '0xabc', cursor: 'hang' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 0, category: 'API_ERROR' })
    expect((error as ApiError).details).toContain('no answer within 50 ms')
  })

  it('turns an error status into a typed error', async () => {
    const { getHistory: fetchPage } = createApiClient({ baseUrl, projectId: 'p1' })
    const failing = fetchPage({ account: '0xabc', chainId: undefined, cursor: 'broken' })
    await expect(failing).rejects.toBeInstanceOf(ApiError)
    await expect(failing).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 500 })
  })

  it("carries the server's error code", async () => {
    const { getHistory: fetchPage } = createApiClient({ baseUrl, projectId: 'p1' })
    const error = await fetchPage({
      account: '0xabc',
      chainId: 'eip155:5',
      cursor: undefined,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('UNSUPPORTED_CHAIN')
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).message).toBe('not supported')
  })
})
