import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// A JSON-RPC server on loopback that misbehaves on purpose, for testing the RPC policy.
// The path picks the fault: /ok, /429-once, /429-long, /503-always, /503-twice, /slow, /malformed,
// /rpc-error/<code>, /status/<code>. Every HTTP request is recorded.

export interface FaultServer {
  url: string
  /** HTTP requests received per path. */
  hits(path: string): number
  /** JSON-RPC bodies received per path (a batch counts once, as an array). */
  bodies(path: string): unknown[]
  close(): Promise<void>
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = ''
    req.on('data', (chunk) => {
      data += chunk
    })
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })

export async function startFaultServer(options: { slowMs?: number } = {}): Promise<FaultServer> {
  const hits = new Map<string, number>()
  const bodies = new Map<string, unknown[]>()
  const server: Server = createServer(async (req, res) => {
    // Hits are counted per full URL, so a query string gives a test its own counter.
    const key = req.url ?? '/'
    const path = key.split('?')[0]!
    const count = (hits.get(key) ?? 0) + 1
    hits.set(key, count)
    const raw = await readBody(req)
    const body = JSON.parse(raw) as { id: number } | { id: number }[]
    bodies.set(key, [...(bodies.get(key) ?? []), body])
    const answer = (result: (id: number) => unknown) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(body) ? body.map((b) => result(b.id)) : result(body.id)))
    }
    const ok = (id: number) => ({ jsonrpc: '2.0', id, result: '0x2a' })
    const fail = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers })
      res.end('fault')
    }
    if (path === '/ok') return answer(ok)
    if (path === '/429-once') return count === 1 ? fail(429, { 'Retry-After': '1' }) : answer(ok)
    if (path === '/429-long') return fail(429, { 'Retry-After': '60' })
    if (path === '/503-always') return fail(503)
    if (path === '/503-twice') return count <= 2 ? fail(503) : answer(ok)
    if (path === '/slow') {
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1_000))
      return answer(ok)
    }
    if (path === '/malformed') {
      res.setHeader('content-type', 'application/json')
      return res.end('{"jsonrpc":"2.0","id":')
    }
    const rpcError = path.match(/^\/rpc-error\/(-?\d+)$/)
    if (rpcError)
      return answer((id) => ({
        jsonrpc: '2.0',
        id,
        error: { code: Number(rpcError[1]), message: 'injected fault' },
      }))
    const status = path.match(/^\/status\/(\d+)$/)
    if (status) return fail(Number(status[1]))
    return fail(404)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (path) => hits.get(path) ?? 0,
    bodies: (path) => bodies.get(path) ?? [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
