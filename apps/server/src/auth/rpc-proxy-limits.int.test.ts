import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { createProject } from '../provider-services/projects.js'
import { MAX_BATCH_CALLS } from './rpc-proxy.js'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from './testing.js'

// The RPC proxy attacked as issue 29 found it: a script writes an allowed Origin by hand (the
// list is public) and asks the operator's paid upstream for as much as it can.
const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'
const MAX_LOG_BLOCKS = 100
const HEAD = 300

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_mine',
      params: [`0x${HEAD.toString(16)}`],
    }),
  })
})
afterAll(async () => {
  await anvil?.stop()
})

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})
const logs = (filter: object, id: number | string = 1) => call('eth_getLogs', [filter], id)
const hex = (n: number) => `0x${n.toString(16)}`

function post(t: AuthTestApp, body: unknown, ip: string, projectId = t.projectId) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/?chainId=31337&projectId=${projectId}`,
    // Written by hand, as any script can: the Origin check is no authentication.
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: ip,
  })
}

describe('eth_getLogs ranges and batch weights', () => {
  let t: AuthTestApp
  beforeAll(async () => {
    t = await openAuthTestApp({
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
      LATCH_RPC_LOGS_MAX_BLOCKS: String(MAX_LOG_BLOCKS),
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('refuses a range wider than the bound, tags resolved against the head', async () => {
    const tooWide = [
      { fromBlock: 'earliest', toBlock: 'latest' },
      { fromBlock: '0x0' },
      { fromBlock: hex(HEAD - MAX_LOG_BLOCKS), toBlock: 'latest' },
      { fromBlock: 'earliest', toBlock: 'finalized' },
      { fromBlock: hex(HEAD), toBlock: '0xffffffffffff' },
    ]
    for (const filter of tooWide) {
      const res = await post(t, logs(filter), '10.7.0.1')
      expect(res.statusCode).toBe(200)
      expect(res.json().error, JSON.stringify(filter)).toMatchObject({
        code: -32005,
        message: expect.stringContaining(`at most ${MAX_LOG_BLOCKS} blocks`),
      })
    }
    for (const filter of [{}, { fromBlock: hex(HEAD - MAX_LOG_BLOCKS + 1), toBlock: 'latest' }]) {
      const res = await post(t, logs(filter), '10.7.0.2')
      expect(res.json(), JSON.stringify(filter)).toMatchObject({ result: [] })
    }
  })

  it('a blockHash filter passes; a blockHash with a range, or junk, is refused', async () => {
    const block = await post(t, call('eth_getBlockByNumber', ['latest', false]), '10.7.1.1')
    const blockHash = block.json().result.hash
    expect((await post(t, logs({ blockHash }), '10.7.1.1')).json()).toMatchObject({ result: [] })
    const both = await post(t, logs({ blockHash, fromBlock: '0x0' }), '10.7.1.1')
    expect(both.json().error.code).toBe(-32602)
    for (const params of [[], [{ fromBlock: 'yesterday' }], ['0x0'], [{}, {}]])
      expect((await post(t, call('eth_getLogs', params), '10.7.1.1')).json().error.code).toBe(
        -32602,
      )
  })

  it("the issue's 100-call eth_getLogs batch from block 0 to latest is refused whole", async () => {
    const batch = [...Array(MAX_BATCH_CALLS)].map((_, i) => logs({ fromBlock: '0x0' }, i))
    const res = await post(t, batch, '10.7.2.1')
    expect(res.statusCode).toBe(429)
    expect(res.json().error.code).toBe('RATE_LIMITED')
    // A batch small enough to fit the budget still gets no wide range through.
    const small = await post(t, batch.slice(0, 10), '10.7.2.2')
    expect(small.statusCode).toBe(200)
    expect(small.json().map((a: { error?: { code: number } }) => a.error?.code)).toEqual(
      Array(10).fill(-32005),
    )
  })

  it("a batch over the client's budget is refused while single calls pass", async () => {
    const ip = '10.7.3.1'
    const narrow = (i: number) => logs({ fromBlock: hex(HEAD - 10) }, i)
    // 31 eth_getLogs weigh 620 of the 600 a client has per minute: refused, nothing spent.
    const over = await post(
      t,
      [...Array(31)].map((_, i) => narrow(i)),
      ip,
    )
    expect(over.statusCode).toBe(429)
    expect((await post(t, call('eth_blockNumber'), ip)).statusCode).toBe(200)
    const fits = await post(
      t,
      [...Array(29)].map((_, i) => narrow(i)),
      ip,
    )
    expect(fits.statusCode).toBe(200)
    // 581 spent: one more eth_getLogs (20) would pass 600, one eth_chainId (1) does not.
    expect((await post(t, narrow(0), ip)).statusCode).toBe(429)
    expect((await post(t, call('eth_chainId'), ip)).statusCode).toBe(200)
    // Another client of the same project is not affected.
    expect((await post(t, narrow(0), '10.7.3.2')).statusCode).toBe(200)
  })
})

describe('per-project budgets, shared by replicas through Redis', () => {
  let a: AuthTestApp
  let b: AuthTestApp
  beforeAll(async () => {
    const env = {
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
      REDIS_URL,
      LATCH_RPC_CALLS_PER_PROJECT_MINUTE: '50',
    }
    // One after the other: two boots at once on a loaded machine can pass Fastify's plugin timeout.
    a = await openAuthTestApp(env)
    b = await openAuthTestApp(env)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('a project over its budget is refused, on every replica, while another project passes', async () => {
    // Each replica has its own in-memory database: the same projects are made in both.
    const make = async (name: string) => {
      const project = await createProject(a.app.db, { name, origins: [APP_ORIGIN] })
      await createProject(b.app.db, { id: project.id, name, origins: [APP_ORIGIN] })
      return project
    }
    const drained = await make('drained')
    const other = await make('other')
    const twenty = [...Array(20)].map((_, i) => call('eth_chainId', [], i))
    // Fresh addresses each time: the client budgets are not what stops it.
    expect((await post(a, twenty, '10.6.0.1', drained.id)).statusCode).toBe(200)
    expect((await post(b, twenty, '10.6.0.2', drained.id)).statusCode).toBe(200)
    for (const [t, ip] of [
      [a, '10.6.0.3'],
      [b, '10.6.0.4'],
    ] as const) {
      const refused = await post(t, twenty, ip, drained.id)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatchObject({
        code: 'PROJECT_BUDGET_EXHAUSTED',
        message: expect.stringMatching(/50 calls per minute\) is spent; try again after \d+ s/),
      })
    }
    // 40 spent: ten more fit exactly, the project's other budgets untouched by the refusals.
    expect((await post(b, twenty.slice(0, 10), '10.6.0.5', drained.id)).statusCode).toBe(200)
    expect((await post(a, call('eth_chainId'), '10.6.0.5', drained.id)).statusCode).toBe(429)
    expect((await post(a, twenty, '10.6.0.1', other.id)).statusCode).toBe(200)
  })
})

describe('with the budget store down', () => {
  it('the proxy refuses (503) rather than forward uncounted, unless set open', async () => {
    const env = { LATCH_CHAIN_RPC_URL: anvil.rpcUrl, REDIS_URL: 'redis://127.0.0.1:1' }
    const closed = await openAuthTestApp(env)
    try {
      const res = await post(closed, call('eth_blockNumber'), '10.5.0.1')
      expect(res.statusCode).toBe(503)
      expect(res.json().error.code).toBe('RATE_LIMIT_UNAVAILABLE')
    } finally {
      await closed.close()
    }
    const open = await openAuthTestApp({ ...env, LATCH_RATE_LIMIT_ON_REDIS_FAILURE: 'open' })
    try {
      const res = await post(open, call('eth_blockNumber'), '10.5.0.1')
      expect(res.json().result).toMatch(/^0x/)
    } finally {
      await open.close()
    }
  })
})
