/**
 * The pass-through inside the whole app (buildApp: rate limits, CORS, metrics, /docs), with
 * LATCH_BITCOIN_ESPLORA naming a dev node: documented with a schema for every answer, broadcasts
 * limited per client, upstream calls counted in the RPC upstream metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevBitcoin, startDevBitcoin } from '../../../../../scripts/bitcoin/index.js'
import { createProject } from '../../provider-services/projects.js'
import { openTestApp, type ProviderTestApp } from '../../provider-services/testing.js'
import { BROADCASTS_PER_MINUTE } from './esplora-routes.js'
import { REGTEST_CAIP2 } from './networks.js'

const PAGE = 'http://localhost:5173'
let bitcoin: DevBitcoin
let t: ProviderTestApp
let projectId = ''

beforeAll(async () => {
  bitcoin = await startDevBitcoin({ port: 0 })
  const opened = await openTestApp('pglite', {
    LATCH_BITCOIN_ESPLORA: `${REGTEST_CAIP2}=${bitcoin.url}`,
  })
  if ('unavailable' in opened) throw new Error(opened.unavailable)
  t = opened
  projectId = (await createProject(t.database.db, { name: 'Esplora app', origins: [PAGE] })).id
})
afterAll(async () => {
  await t?.close()
  await bitcoin?.stop()
})

const url = (path: string) => `/v1/esplora/${REGTEST_CAIP2}${path}?projectId=${projectId}`

describe('the Esplora pass-through in the whole app', () => {
  it('is in /docs with its parameters and a schema for each answer', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
      >
    }
    const routes = [
      ['get', '/v1/esplora/{chainId}/address/{address}'],
      ['get', '/v1/esplora/{chainId}/address/{address}/utxo'],
      ['get', '/v1/esplora/{chainId}/fee-estimates'],
      ['get', '/v1/esplora/{chainId}/tx/{txid}/status'],
      ['get', '/v1/esplora/{chainId}/tx/{txid}/hex'],
      ['post', '/v1/esplora/{chainId}/tx'],
    ] as const
    for (const [method, path] of routes) {
      const operation = doc.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation?.parameters?.map((p) => p.name)).toContain('projectId')
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '403', '502']),
      )
    }
    const supported = await t.app.inject({ url: `/v1/supported-chains?projectId=${projectId}` })
    expect((supported.json() as { http: string[] }).http).toContain(REGTEST_CAIP2)
  })

  it('answers the allowed page with CORS and counts the upstream call', async () => {
    const response = await t.app.inject({ url: url('/fee-estimates'), headers: { origin: PAGE } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(PAGE)
    const samples = (await t.app.metrics.upstreamDuration.get()).values
    expect(samples.some((s) => s.labels.chain === REGTEST_CAIP2 && s.labels.outcome === 'ok')).toBe(
      true,
    )
  })

  it(`limits broadcasts to ${BROADCASTS_PER_MINUTE} a minute per client and project`, async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: url('/tx'),
        headers: { origin: PAGE, 'content-type': 'text/plain' },
        payload: 'zz',
      })
    for (let i = 0; i < BROADCASTS_PER_MINUTE; i++) expect((await post()).statusCode).toBe(400)
    const limited = await post()
    expect(limited.statusCode).toBe(429)
    expect((limited.json() as { error: { code: string } }).error.code).toBe('RATE_LIMITED')
    // Reads have their own, larger budget.
    expect(
      (await t.app.inject({ url: url('/fee-estimates'), headers: { origin: PAGE } })).statusCode,
    ).toBe(200)
  })
})
