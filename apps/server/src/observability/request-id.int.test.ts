import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AuthTestApp, openAuthTestApp } from '../auth/testing.js'

// One proxy range is trusted; inject's default peer (127.0.0.1) is not, 10.x addresses are.
let t: AuthTestApp
beforeAll(async () => {
  t = await openAuthTestApp({ LATCH_TRUST_PROXY: '10.0.0.0/8', LATCH_INDEXER: 'off' })
})
afterAll(async () => {
  await t?.close()
})

const linesOf = (requestId: string) =>
  t.logs
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
    .filter((line) => line.reqId === requestId)

test('the request id is in the header, the error body and every log line of the request', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/account/not-an-address/history' })
  expect(res.statusCode).toBe(400)
  const id = res.headers['x-request-id'] as string
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  expect(res.json().error.requestId).toBe(id)
  const messages = linesOf(id).map((line) => line.msg)
  expect(messages).toContain('incoming request')
  expect(messages).toContain('request completed')
  // Each request gets its own.
  const again = await t.app.inject({ method: 'GET', url: '/nowhere' })
  expect(again.json().error.requestId).toBe(again.headers['x-request-id'])
  expect(again.headers['x-request-id']).not.toBe(id)
})

test('attacker: a forged x-request-id from a peer that is not a trusted proxy is not honoured', async () => {
  const forged = 'forged-id-of-someone-elses-request'
  const res = await t.app.inject({
    method: 'GET',
    url: '/nowhere',
    headers: { 'x-request-id': forged },
  })
  expect(res.headers['x-request-id']).not.toBe(forged)
  expect(res.json().error.requestId).toBe(res.headers['x-request-id'])
  expect(linesOf(forged)).toEqual([])
  expect(t.logs.join('\n')).not.toContain(`"reqId":"${forged}"`)
})

test('a trusted proxy’s x-request-id follows the request; a malformed one is replaced', async () => {
  const proxied = 'edge-7c1f2a9e.0001'
  const res = await t.app.inject({
    method: 'GET',
    url: '/nowhere',
    remoteAddress: '10.1.2.3',
    headers: { 'x-request-id': proxied },
  })
  expect(res.headers['x-request-id']).toBe(proxied)
  expect(res.json().error.requestId).toBe(proxied)
  expect(linesOf(proxied).map((line) => line.msg)).toContain('request completed')
  for (const bad of ['a"b', 'x'.repeat(129), 'two words']) {
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/nowhere',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': bad },
    })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  }
})
