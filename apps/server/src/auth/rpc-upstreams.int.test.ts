import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { issueProjectSecret } from '../provider-services/projects.js'
import { CALLS_PER_CLIENT_PER_MINUTE, MAX_BATCH_CALLS, PROJECT_SECRET_HEADER } from './rpc-proxy.js'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from './testing.js'

// The proxy in front of real networks (issue #14): one upstream per chain from LATCH_RPC_URLS,
// here two local nodes with different chain ids, plus one that lies about its chain.
const OTHER_CHAIN = 8453
const LYING_CHAIN = 10

let main: AnvilInstance
let other: AnvilInstance
let t: AuthTestApp
beforeAll(async () => {
  ;[main, other] = await Promise.all([startAnvil(), startAnvil()])
  await fetch(other.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setChainId',
      params: [OTHER_CHAIN],
    }),
  })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: main.rpcUrl,
    // Chain 10 is configured to a node that serves 31337: the proxy must notice, not forward.
    LATCH_RPC_URLS: `${OTHER_CHAIN}=${other.rpcUrl},${LYING_CHAIN}=${main.rpcUrl}`,
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([main?.stop(), other?.stop()])
})

function post(body: string, chainId: string | number, ip = '10.9.0.1', type = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: `/v1/?chainId=${chainId}&projectId=${t.projectId}`,
    headers: { origin: APP_ORIGIN, 'content-type': type },
    payload: body,
    remoteAddress: ip,
  })
}
const call = (method: string, id: number | string = 1, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe('RPC proxy upstreams per chain', () => {
  it('sends each chain to its own node, the dev chain by default', async () => {
    const dev = await post(JSON.stringify(call('eth_chainId')), 'eip155:31337')
    expect(dev.json().result).toBe('0x7a69')
    const base = await post(JSON.stringify(call('eth_chainId')), `eip155:${OTHER_CHAIN}`)
    expect(base.json().result).toBe(`0x${OTHER_CHAIN.toString(16)}`)
    const unknown = await post(JSON.stringify(call('eth_chainId')), 'eip155:137')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe('UNSUPPORTED_CHAIN')
  })

  it('reads a text/plain JSON-RPC body, as the reference client sends it', async () => {
    const res = await post(
      JSON.stringify(call('eth_blockNumber', 7)),
      OTHER_CHAIN,
      '10.9.1.1',
      'text/plain;charset=UTF-8',
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: expect.stringMatching(/^0x/),
    })
    const junk = await post('{"jsonrpc":', OTHER_CHAIN, '10.9.1.1', 'text/plain')
    expect(junk.statusCode).toBe(400)
  })

  it('refuses to forward to an upstream that serves another chain', async () => {
    const res = await post(
      JSON.stringify(call('eth_getBalance', 1, [APP_ORIGIN, 'latest'])),
      LYING_CHAIN,
    )
    expect(res.statusCode).toBe(502)
    expect(res.json().error.code).toBe('UPSTREAM_ERROR')
    expect(JSON.stringify(res.json())).not.toContain(main.rpcUrl)
  })

  it('counts every call of a batch: a client batching to evade the limit is cut off', async () => {
    const ip = '10.9.2.1'
    const batch = JSON.stringify([...Array(MAX_BATCH_CALLS)].map((_, i) => call('eth_chainId', i)))
    const allowed = Math.floor(CALLS_PER_CLIENT_PER_MINUTE / MAX_BATCH_CALLS)
    for (let i = 0; i < allowed; i++) expect((await post(batch, 31337, ip)).statusCode).toBe(200)
    const over = await post(JSON.stringify(call('eth_chainId')), 31337, ip)
    expect(over.statusCode).toBe(429)
    expect(over.json().error.code).toBe('RATE_LIMITED')
    // Another client is not affected.
    expect((await post(JSON.stringify(call('eth_chainId')), 31337, '10.9.2.2')).statusCode).toBe(
      200,
    )
    const tooBig = JSON.stringify(
      [...Array(MAX_BATCH_CALLS + 1)].map((_, i) => call('eth_chainId', i)),
    )
    expect((await post(tooBig, 31337, '10.9.2.3')).statusCode).toBe(413)
  })

  it('a node that is down gives a JSON-RPC error without its URL', async () => {
    await other.stop()
    const res = await post(JSON.stringify(call('eth_blockNumber', 9)), OTHER_CHAIN, '10.9.3.1')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: 9, error: { code: -32603 } })
    expect(JSON.stringify(res.json())).not.toContain(other.rpcUrl)
  })

  it('a call without Origin (a server) needs the project secret: no open relay', async () => {
    const body = JSON.stringify(call('eth_blockNumber'))
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/?chainId=31337&projectId=${t.projectId}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
        remoteAddress: '10.9.4.1',
      })
    const anonymous = await send({})
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error.code).toBe('PROJECT_SECRET_REQUIRED')
    expect((await send({ [PROJECT_SECRET_HEADER]: 'lps_guess' })).statusCode).toBe(401)
    const secret = await issueProjectSecret(t.app.db, t.projectId)
    const allowed = await send({ [PROJECT_SECRET_HEADER]: secret! })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json().result).toMatch(/^0x/)
    // A new secret retires the old one.
    await issueProjectSecret(t.app.db, t.projectId)
    expect((await send({ [PROJECT_SECRET_HEADER]: secret! })).statusCode).toBe(401)
  })
})
