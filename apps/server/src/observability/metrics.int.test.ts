import { mnemonicToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, freePort, startAnvil } from '../../../../scripts/devchain/anvil.js'
import {
  APP_ORIGIN,
  type AuthTestApp,
  FRAME_ORIGIN,
  frameCall,
  openAuthTestApp,
} from '../auth/testing.js'
import { chainCheckpoints } from '../chains/eip155/schema.js'

// The metrics are scraped after real requests: the RPC proxy forwarding to a real anvil and to a
// port nothing listens on, a real budget refusing, a real email sign-in through the mailbox.
const TOKEN = 'metrics-token-for-the-tests-0123456789'
const DEAD_CHAIN = 4242
const CLIENT_BUDGET = 5

let anvil: AnvilInstance
let t: AuthTestApp
let publicUrl: string
beforeAll(async () => {
  anvil = await startAnvil()
  const deadPort = await freePort()
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_INDEX_CHAINS: `31337=${anvil.rpcUrl}`,
    LATCH_INDEXER: 'off',
    LATCH_RPC_URLS: `${DEAD_CHAIN}=http://127.0.0.1:${deadPort}`,
    LATCH_RPC_CALLS_PER_CLIENT_MINUTE: String(CLIENT_BUDGET),
    LATCH_METRICS_TOKEN: TOKEN,
  })
  publicUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

async function scrape(): Promise<string> {
  const res = await fetch(`${publicUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.text()
}

/** The value of one series, e.g. `latch_sign_ins_total{method="email"}`; 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

function rpc(chainId: number, remoteAddress: string, method = 'eth_blockNumber') {
  return t.app.inject({
    method: 'POST',
    url: `/v1/?chainId=${chainId}&projectId=${t.projectId}`,
    headers: { origin: FRAME_ORIGIN },
    remoteAddress,
    payload: { jsonrpc: '2.0', id: 1, method },
  })
}

describe('/metrics after real requests', () => {
  test('request latency is labelled by route pattern and status class, never the raw URL', async () => {
    const before = await scrape()
    const series =
      'latch_http_request_duration_seconds_count{method="GET",route="/getWalletImage/:id",status_class="4xx"}'
    const res = await fetch(`${publicUrl}/getWalletImage/no-such-wallet-7f3a`)
    expect(res.status).toBe(404)
    const after = await scrape()
    expect(value(after, series)).toBe(value(before, series) + 1)
    expect(after).not.toContain('no-such-wallet-7f3a')
    // A URL no route matches is one `unmatched` series, however many URLs are tried.
    await fetch(`${publicUrl}/nowhere/a1`)
    await fetch(`${publicUrl}/nowhere/b2`)
    const unmatched = await scrape()
    expect(unmatched).toMatch(/route="unmatched",status_class="4xx"/)
    expect(unmatched).not.toContain('/nowhere')
  })

  test('upstream calls: an answer from anvil is ok, a dead upstream port is an error', async () => {
    const before = await scrape()
    const okSeries = 'latch_rpc_upstream_duration_seconds_count{chain="eip155:31337",outcome="ok"}'
    const errorSeries = `latch_rpc_upstream_errors_total{chain="eip155:${DEAD_CHAIN}",method="eth_blockNumber"}`
    const ok = await rpc(31337, '10.0.0.1')
    expect(ok.json().result).toMatch(/^0x/)
    const dead = await rpc(DEAD_CHAIN, '10.0.0.1')
    expect(dead.json().error).toEqual({ code: -32603, message: 'Upstream request failed' })
    const after = await scrape()
    expect(value(after, okSeries)).toBe(value(before, okSeries) + 1)
    expect(value(after, errorSeries)).toBe(value(before, errorSeries) + 1)
    expect(
      value(
        after,
        `latch_rpc_upstream_duration_seconds_count{chain="eip155:${DEAD_CHAIN}",outcome="failed"}`,
      ),
    ).toBeGreaterThanOrEqual(1)
  })

  test('a 429 from the RPC budget is counted by route and code', async () => {
    const series = 'latch_rate_limited_total{route="/v1/",code="RATE_LIMITED"}'
    const before = value(await scrape(), series)
    const statuses: number[] = []
    for (let i = 0; i <= CLIENT_BUDGET; i++)
      statuses.push((await rpc(31337, '10.0.0.2', 'eth_chainId')).statusCode)
    expect(statuses.at(-1)).toBe(429)
    expect(value(await scrape(), series)).toBe(before + 1)
  })

  test("a 429 from @fastify/rate-limit's own hook is counted too", async () => {
    const route = '/auth/v1/sign-out-everywhere'
    const series = `latch_rate_limited_total{route="${route}",code="RATE_LIMITED"}`
    const before = value(await scrape(), series)
    const statuses: number[] = []
    // The route allows 10 a minute per address; unauthenticated calls count too.
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: route,
        remoteAddress: '10.0.0.4',
        headers: { origin: FRAME_ORIGIN, 'latch-project-id': t.projectId },
        payload: {},
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
    expect(value(await scrape(), series)).toBe(before + 1)
  })

  test('an email sign-in is counted once the session is issued, not when the code is sent', async () => {
    const series = 'latch_sign_ins_total{method="email"}'
    const before = value(await scrape(), series)
    const email = 'metrics@example.com'
    const deviceId = 'device-metrics-'.padEnd(43, 'x')
    const start = await frameCall(t, 'POST', '/auth/v1/email/start', undefined, {
      projectId: t.projectId,
      email,
      deviceId,
    })
    expect(start.status).toBe(200)
    const wrong = await frameCall(t, 'POST', '/auth/v1/email/verify', undefined, {
      projectId: t.projectId,
      email,
      deviceId,
      otp: '000000',
    })
    expect(wrong.status).toBe(400)
    expect(value(await scrape(), series)).toBe(before)
    const otp = await t.codeFor(email)
    const verified = await frameCall(t, 'POST', '/auth/v1/email/verify', undefined, {
      projectId: t.projectId,
      email,
      deviceId,
      otp,
    })
    expect(verified.status).toBe(200)
    expect(value(await scrape(), series)).toBe(before + 1)
  })

  test('a wallet sign-in (SIWX) is counted once its session is issued', async () => {
    const series = 'latch_sign_ins_total{method="siwx"}'
    const before = value(await scrape(), series)
    const page = { origin: APP_ORIGIN }
    const nonce = await t.app.inject({
      method: 'POST',
      url: `/siwx/v1/nonce?projectId=${t.projectId}`,
      headers: page,
      payload: {},
    })
    expect(nonce.statusCode).toBe(201)
    const account = mnemonicToAccount('test test test test test test test test test test test junk')
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: new URL(APP_ORIGIN).host,
      uri: `${APP_ORIGIN}/`,
      version: '1',
      nonce: nonce.json().nonce,
      issuedAt: new Date(),
    })
    const verify = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: `/siwx/v1/verify?projectId=${t.projectId}`,
        headers: page,
        payload: { message, signature },
      })
    const forged = await verify(
      await mnemonicToAccount('test test test test test test test test test test test junk', {
        addressIndex: 1,
      }).signMessage({ message }),
    )
    expect(forged.statusCode).toBe(401)
    expect(value(await scrape(), series)).toBe(before)
    const signed = await verify(await account.signMessage({ message }))
    expect(signed.statusCode).toBe(201)
    expect(value(await scrape(), series)).toBe(before + 1)
  })

  test("the indexer's height and lag come from the database and the node at scrape time", async () => {
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0xa'] }),
    })
    const head = Number((await (await rpc(31337, '10.0.0.3')).json()).result as string)
    await t.app.db
      .insert(chainCheckpoints)
      .values({ chainId: 31337, blockNumber: head - 4, blockHash: `0x${'ab'.repeat(32)}` })
    const text = await scrape()
    expect(value(text, 'latch_indexer_height{chain="eip155:31337"}')).toBe(head - 4)
    expect(value(text, 'latch_indexer_head{chain="eip155:31337"}')).toBe(head)
    expect(value(text, 'latch_indexer_lag_blocks{chain="eip155:31337"}')).toBe(4)
  })
})

describe('attacker: the metrics are not public', () => {
  test('without the token, or with a wrong one, /metrics answers 401 and no metric', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await fetch(`${publicUrl}/metrics`, { headers })
      expect(res.status).toBe(401)
      const text = await res.text()
      expect(text).not.toContain('latch_')
      expect(JSON.parse(text).error.code).toBe('UNAUTHORIZED')
    }
  })
})
