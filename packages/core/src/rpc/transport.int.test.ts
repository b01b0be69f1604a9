import {
  createClient,
  HttpRequestError,
  InternalRpcError,
  InvalidInputRpcError,
  LimitExceededRpcError,
  TimeoutError,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorMessages } from '../errors/messages.js'
import { type FaultServer, startFaultServer } from '../testing/faultServer.js'
import { toRpcFailure } from './errors.js'
import { type LatchTransportConfig, latchTransport } from './transport.js'

let server: FaultServer

beforeAll(async () => {
  server = await startFaultServer({ slowMs: 1_500 })
})
afterAll(() => server.close())

const client = (path: string, config: LatchTransportConfig = {}) =>
  createClient({ transport: latchTransport(`${server.url}${path}`, config) })

const blockNumber = (path: string, config?: LatchTransportConfig) =>
  client(path, config).request({ method: 'eth_blockNumber' })

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: unknown) => error,
  )

describe('RPC policy against a fault-injecting server', () => {
  it('answers a healthy call in one attempt', async () => {
    expect(await blockNumber('/ok')).toBe('0x2a')
    expect(server.hits('/ok')).toBe(1)
  })

  it('waits out a 429 with Retry-After and then succeeds', async () => {
    expect(await blockNumber('/429-once')).toBe('0x2a')
    expect(server.hits('/429-once')).toBe(2)
  })

  it('fails at once when Retry-After asks for longer than the policy waits', async () => {
    // Had the header been ignored, the 150 ms backoff would have made 3 attempts.
    const error = await failure(blockNumber('/429-long'))
    expect((error as HttpRequestError).status).toBe(429)
    expect(server.hits('/429-long')).toBe(1)
  })

  it('retries 503 and succeeds on the third attempt', async () => {
    expect(await blockNumber('/503-twice')).toBe('0x2a')
    expect(server.hits('/503-twice')).toBe(3)
  })

  it('gives up on a persistent 503 after 3 attempts', async () => {
    const error = await failure(blockNumber('/503-always'))
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(503)
    expect(server.hits('/503-always')).toBe(3)
  })

  it.each([403, 408, 413, 500, 502, 504])('retries HTTP %i', async (status) => {
    await failure(blockNumber(`/status/${status}`, { retryDelay: 1 }))
    expect(server.hits(`/status/${status}`)).toBe(3)
  })

  it.each([400, 401, 404])('does not retry HTTP %i', async (status) => {
    await failure(blockNumber(`/status/${status}`))
    expect(server.hits(`/status/${status}`)).toBe(1)
  })

  it('times out a slow answer once, without retrying', async () => {
    const error = await failure(blockNumber('/slow', { timeout: 200 }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(toRpcFailure(error, 'Test').message).toBe(errorMessages.rpcTimeout)
    expect(server.hits('/slow')).toBe(1)
  })

  it('does not retry a malformed JSON answer', async () => {
    await failure(blockNumber('/malformed'))
    expect(server.hits('/malformed')).toBe(1)
  })

  it.each([
    [-32000, InvalidInputRpcError, 1],
    [-32602, Error, 1],
    [4001, Error, 1],
    [-32603, InternalRpcError, 3],
    [-32005, LimitExceededRpcError, 3],
    [-1, Error, 3],
  ])('JSON-RPC error %i gives %o after %i attempt(s)', async (code, ErrorClass, attempts) => {
    const error = await failure(blockNumber(`/rpc-error/${code}`, { retryDelay: 1 }))
    expect(error).toBeInstanceOf(ErrorClass)
    expect((error as { code?: number }).code).toBe(code)
    expect(server.hits(`/rpc-error/${code}`)).toBe(attempts)
  })

  it('dedupes identical in-flight requests into one HTTP request', async () => {
    const c = client('/ok?dedupe', { batchSize: false })
    const [a, b, other] = await Promise.all([
      c.request({ method: 'eth_getBalance', params: ['0x1', 'latest'] }),
      c.request({ method: 'eth_getBalance', params: ['0x1', 'latest'] }),
      c.request({ method: 'eth_getBalance', params: ['0x2', 'latest'] }),
    ])
    expect([a, b, other]).toEqual(['0x2a', '0x2a', '0x2a'])
    expect(server.hits('/ok?dedupe')).toBe(2)
  })

  it('sends concurrent distinct calls as one batch', async () => {
    const c = client('/ok?batch')
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        c.request({ method: 'eth_getBalance', params: [`0x${n}`, 'latest'] }),
      ),
    )
    expect(server.hits('/ok?batch')).toBe(1)
    expect(server.bodies('/ok?batch')[0]).toHaveLength(5)
  })

  it('names an unreachable RPC url', async () => {
    const closed = await startFaultServer()
    const url = `${closed.url}/`
    await closed.close()
    const error = await failure(
      createClient({ transport: latchTransport(url) }).request({ method: 'eth_chainId' }),
    )
    expect(toRpcFailure(error, 'Ethereum').message).toBe(`Unavailable Ethereum RPC url at ${url}`)
  })
})
