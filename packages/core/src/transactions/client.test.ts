import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHistoryClient, HistoryRequestError } from './client.js'

let server: Server
let baseUrl: string
const seen: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://x')
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
afterAll(() => new Promise<void>((r) => server.close(() => r())))

describe('history client', () => {
  it('asks for the page the cursor names (no cursor-blind cache)', async () => {
    const fetchPage = createHistoryClient({ serverUrl: baseUrl, projectId: 'p1' })
    const first = await fetchPage({ account: '0xabc', chainId: 'eip155:31337', cursor: undefined })
    const second = await fetchPage({ account: '0xabc', chainId: 'eip155:31337', cursor: 'c2' })
    expect(first.data[0]?.id).toBe('page1')
    expect(second.data[0]?.id).toBe('c2')
    expect(seen.at(-1)).toBe(
      '/v1/account/0xabc/history?projectId=p1&chainId=eip155%3A31337&cursor=c2',
    )
  })

  it('turns an error status into a typed error', async () => {
    const fetchPage = createHistoryClient({ serverUrl: baseUrl, projectId: 'p1' })
    const failing = fetchPage({ account: '0xabc', chainId: undefined, cursor: 'broken' })
    await expect(failing).rejects.toBeInstanceOf(HistoryRequestError)
    await expect(failing).rejects.toThrow('The history service answered 500.')
  })

  it("carries the server's error code", async () => {
    const fetchPage = createHistoryClient({ serverUrl: baseUrl, projectId: 'p1' })
    const error = await fetchPage({
      account: '0xabc',
      chainId: 'eip155:5',
      cursor: undefined,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HistoryRequestError)
    expect((error as HistoryRequestError).code).toBe('UNSUPPORTED_CHAIN')
    expect((error as HistoryRequestError).status).toBe(400)
  })
})
