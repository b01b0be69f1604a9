import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BitcoinBroadcastError } from './errors.js'
import { createEsploraClient, EsploraError, esploraUrl } from './esplora.js'

describe('esploraUrl', () => {
  it('appends the path and keeps the base’s query string (the server’s project id)', () => {
    expect(esploraUrl('http://127.0.0.1:3002', '/fee-estimates')).toBe(
      'http://127.0.0.1:3002/fee-estimates',
    )
    expect(
      esploraUrl(
        'https://api.example.test/v1/esplora/bip122:0f9188f13cb7b2c71f2a335e3a4fc328?projectId=p1',
        '/address/bcrt1q/utxo',
      ),
    ).toBe(
      'https://api.example.test/v1/esplora/bip122:0f9188f13cb7b2c71f2a335e3a4fc328/address/bcrt1q/utxo?projectId=p1',
    )
    expect(esploraUrl('https://mempool.space/api/', '/tx')).toBe('https://mempool.space/api/tx')
  })
})

describe('createEsploraClient', () => {
  let server: Server
  let base: string
  const seen: string[] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`)
      if (request.url?.startsWith('/api/tx?') && request.method === 'POST') {
        let body = ''
        request.on('data', (chunk) => {
          body += chunk
        })
        request.on('end', () => {
          if (body === 'good') response.end('ab'.repeat(32))
          else {
            response.statusCode = 400
            response.end('sendrawtransaction RPC error: bad-txns-inputs-missingorspent')
          }
        })
        return
      }
      if (request.url?.startsWith('/api/fee-estimates')) {
        response.setHeader('content-type', 'application/json')
        return response.end('{"1": 5.5, "6": 2}')
      }
      response.statusCode = 503
      response.end('unavailable')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api?projectId=p1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('reads JSON routes through the base with its query', async () => {
    const client = createEsploraClient(base)
    expect(await client.feeEstimates()).toEqual({ '1': 5.5, '6': 2 })
    expect(seen.at(-1)).toBe('GET /api/fee-estimates?projectId=p1')
  })

  it('broadcasts hex and answers the txid, or the node’s reason without the RPC prefix', async () => {
    const client = createEsploraClient(base)
    expect(await client.broadcast('good')).toBe('ab'.repeat(32))
    const error = await client.broadcast('bad').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BitcoinBroadcastError)
    expect((error as BitcoinBroadcastError).reason).toBe('bad-txns-inputs-missingorspent')
    expect((error as Error).message).toBe(
      'The node refused the transaction: bad-txns-inputs-missingorspent',
    )
  })

  it('turns other failures into EsploraError with the status', async () => {
    const error = await createEsploraClient(base)
      .txStatus('00')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EsploraError)
    expect(error).toMatchObject({ status: 503, reason: 'unavailable' })
  })
})
