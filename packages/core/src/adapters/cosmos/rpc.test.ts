import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CosmosQueryError, CosmosRpcError, createCometRpc, fromHex, toHex } from './rpc.js'

// A loopback server answering as CometBFT does: a result, a JSON-RPC error, an ABCI refusal.
let server: Server
let url: string
const seen: unknown[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown }
      seen.push(call)
      const answer =
        call.method === 'status'
          ? { result: { node_info: { network: 'latchdev-1' } } }
          : call.method === 'abci_query'
            ? (call.params as { path: string }).path.endsWith('/Ok')
              ? { result: { response: { code: 0, value: 'AQI=' } } }
              : { result: { response: { code: 22, log: 'account not found' } } }
            : { error: { code: -32601, message: 'Method not found', data: call.method } }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...answer }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('createCometRpc', () => {
  it('posts JSON-RPC 2.0 and resolves with the result', async () => {
    const rpc = createCometRpc(url)
    await expect(rpc.call('status', {})).resolves.toEqual({ node_info: { network: 'latchdev-1' } })
    expect(seen.at(-1)).toMatchObject({ jsonrpc: '2.0', method: 'status' })
  })

  it('sends ABCI query data as hex and returns the value’s bytes; a refusal keeps its code', async () => {
    const rpc = createCometRpc(url)
    await expect(rpc.abciQuery('/x/Ok', new Uint8Array([0xab]))).resolves.toEqual(
      new Uint8Array([1, 2]),
    )
    expect(seen.at(-1)).toMatchObject({ params: { data: 'ab', prove: false } })
    const refused = await rpc.abciQuery('/x/Missing', new Uint8Array()).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CosmosQueryError)
    expect(refused).toMatchObject({ code: 22, log: 'account not found' })
  })

  it('a JSON-RPC error and a node that is not there are typed', async () => {
    const rpc = createCometRpc(url)
    await expect(rpc.call('subscribe', {})).rejects.toMatchObject({
      name: 'CosmosRpcError',
      code: -32601,
    })
    const closed = createCometRpc('http://127.0.0.1:9')
    await expect(closed.call('status', {})).rejects.toBeInstanceOf(CosmosRpcError)
  })

  it('hex round-trips', () => {
    expect(toHex(fromHex('00ff10'))).toBe('00ff10')
  })
})
