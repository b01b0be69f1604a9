/**
 * History from Subscan, through the real route, against a stand-in Subscan on loopback. The
 * stand-in's answers are written from Subscan's API documentation (`/api/v2/scan/extrinsics` and
 * `/api/v2/scan/transfers`: POST, X-API-Key, row/page/block_range, `code: 0` envelopes, the
 * documented entry fields), not recorded from the service. Its chain: Alice's sends, receives,
 * failed transfers, a remark, a batch, an asset transfer, across more than a hundred entries so
 * both lists come back full and paging must join them where both are complete.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Transaction } from '@latch/core/wire'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allPages,
  buildRoutesApp,
  getHistory,
  openTestDb,
  type TestDb,
  testCodec,
} from '../testing/harness.js'
import { spell } from './address.js'
import { polkadotBackend } from './backend.js'
import type { SubscanExtrinsic, SubscanTransfer } from './subscan.js'
import type { SubscanChain } from './subscanConfig.js'

const WESTEND = 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e'
const KEY = 'subscan-test-key-9f2c'
const ALICE_ID = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d'
const BOB_ID = '0x8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48'
const CAROL_ID = `0x${'07'.repeat(32)}`
const ALICE = spell(ALICE_ID, 42)
const BOB = spell(BOB_ID, 42)
const CAROL = spell(CAROL_ID, 42)
const UNIT = 10n ** 12n
const T0 = Date.UTC(2025, 0, 1) / 1000

const extrinsics: SubscanExtrinsic[] = []
const transfers: SubscanTransfer[] = []
/** Alice's rows as the index would list them, newest first at the end of setup. */
const expected: Array<{ id: string; failed: boolean; fee?: bigint; net: bigint }> = []

function display(address: string) {
  return { address, display: '', account_index: '', identity: false }
}

/** Whole units as Subscan's `amount` spells them. */
const units = (planck: bigint) => {
  const whole = planck / UNIT
  const fraction = (planck % UNIT).toString().padStart(12, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

function extrinsic(
  block: number,
  index: number,
  signer: string,
  call: string,
  success: boolean,
  fee: bigint,
) {
  const [module, fn] = call.split('.') as [string, string]
  extrinsics.push({
    block_num: block,
    block_timestamp: T0 + block * 3600,
    extrinsic_index: `${block}-${index}`,
    extrinsic_hash: `0x${block.toString(16).padStart(8, '0')}${index.toString(16).padStart(56, '0')}`,
    call_module: module,
    call_module_function: fn,
    nonce: block,
    success,
    fee: (fee + 7n).toString(),
    fee_used: fee.toString(),
    account_display: display(signer),
  })
}

function transfer(
  block: number,
  index: number,
  event: number,
  from: string,
  to: string,
  planck: bigint,
  options: { success?: boolean; module?: string; v2?: boolean } = {},
) {
  transfers.push({
    from,
    to,
    extrinsic_index: `${block}-${index}`,
    event_idx: event,
    success: options.success ?? true,
    hash: `0x${block.toString(16).padStart(8, '0')}${index.toString(16).padStart(56, '0')}`,
    block_num: block,
    block_timestamp: T0 + block * 3600,
    module: options.module ?? 'balances',
    amount: units(planck),
    // Older entries carry only `amount` (amount_v2 "0", as the documented example shows).
    amount_v2: options.v2 === false ? '0' : planck.toString(),
    asset_symbol: options.module === 'assets' ? 'USDT' : 'WND',
  })
}

// 150 blocks, oldest first; each a kind of Alice's history (or someone else's).
for (let block = 1000; block < 1150; block++) {
  const kind = block % 6
  const amount = (BigInt(block) * UNIT) / 100n
  const fee = 15_000_000n + BigInt(block)
  if (kind === 0) {
    extrinsic(block, 2, ALICE, 'balances.transfer_keep_alive', true, fee)
    transfer(block, 2, 5, ALICE, BOB, amount)
    expected.push({ id: `${block}-2`, failed: false, fee, net: -amount - fee })
  } else if (kind === 1) {
    extrinsic(block, 1, BOB, 'balances.transfer_keep_alive', true, fee)
    transfer(block, 1, 3, BOB, ALICE, amount, { v2: block % 12 !== 1 })
    expected.push({ id: `${block}-1`, failed: false, net: amount })
  } else if (kind === 2) {
    // Alice's failed transfer: listed, no amount moved, only the fee.
    extrinsic(block, 3, ALICE, 'balances.transfer_keep_alive', false, fee)
    transfer(block, 3, 6, ALICE, CAROL, amount, { success: false })
    expected.push({ id: `${block}-3`, failed: true, fee, net: -fee })
    // Bob's failed transfer to Alice in the same block: not hers, not listed.
    extrinsic(block, 1, BOB, 'balances.transfer_keep_alive', false, fee)
    transfer(block, 1, 2, BOB, ALICE, amount, { success: false })
  } else if (kind === 3) {
    extrinsic(block, 1, ALICE, 'system.remark', true, fee)
    expected.push({ id: `${block}-1`, failed: false, fee, net: -fee })
    // An asset transfer to Alice: not the chain's coin, not listed.
    extrinsic(block, 2, CAROL, 'assets.transfer', true, fee)
    transfer(block, 2, 4, CAROL, ALICE, amount, { module: 'assets' })
  } else if (kind === 4) {
    // Carol's batch pays Alice twice and Bob once: one row for Alice with both amounts.
    extrinsic(block, 2, CAROL, 'utility.batch_all', true, fee)
    transfer(block, 2, 4, CAROL, ALICE, amount)
    transfer(block, 2, 5, CAROL, BOB, amount)
    transfer(block, 2, 6, CAROL, ALICE, 2n * amount)
    expected.push({ id: `${block}-2`, failed: false, net: 3n * amount })
  } else {
    // Two of Alice's own in one block: a send to herself and a send to Carol.
    extrinsic(block, 1, ALICE, 'balances.transfer_keep_alive', true, fee)
    transfer(block, 1, 2, ALICE, ALICE, amount)
    extrinsic(block, 4, ALICE, 'balances.transfer_allow_death', true, fee)
    transfer(block, 4, 9, ALICE, CAROL, amount)
    expected.push({ id: `${block}-1`, failed: false, fee, net: -fee })
    expected.push({ id: `${block}-4`, failed: false, fee, net: -amount - fee })
  }
}
expected.reverse()

// The stand-in compares every entry's addresses on every request (hundreds of requests as the
// test pages one row at a time): each spelling is worked out once, not a blake2b hash per entry.
const spellings = new Map<string, string>()
const generic = (address: string) => {
  let spelled = spellings.get(address)
  if (spelled === undefined) {
    spelled = spell(idOf(address), 42)
    spellings.set(address, spelled)
  }
  return spelled
}
const same = (a: string, b: string) => generic(a) === generic(b)
const idOf = (address: string) =>
  address === ALICE ? ALICE_ID : address === BOB ? BOB_ID : address === CAROL ? CAROL_ID : address
const at = (index: string) => index.split('-').map(Number) as [number, number]
const newestFirst = (a: [number, number], b: [number, number]) => b[0] - a[0] || b[1] - a[1]

/** What the stand-in was asked, for the header and body checks. */
const asked: Array<{ path: string; key: string | undefined; body: Record<string, unknown> }> = []
let fail: { status: number; body: unknown } | undefined

function answer(path: string, body: Record<string, unknown>): unknown {
  const address = String(body.address ?? '')
  const row = Number(body.row)
  const page = Number(body.page)
  if (!Number.isInteger(row) || row < 1 || row > 100 || !Number.isInteger(page))
    return { code: 10001, message: 'Params Error' }
  const range = /^(\d+)-(\d+)$/.exec(String(body.block_range ?? ''))
  const inRange = (block: number) =>
    !range || (block >= Number(range[1]) && block <= Number(range[2]))
  if (path === '/api/v2/scan/extrinsics') {
    const list = extrinsics
      .filter((e) => same(e.account_display?.address ?? '', address) && inRange(e.block_num))
      .sort((a, b) => newestFirst(at(a.extrinsic_index), at(b.extrinsic_index)))
    return {
      code: 0,
      message: 'Success',
      generated_at: T0,
      data: { count: list.length, extrinsics: list.slice(page * row, page * row + row) },
    }
  }
  if (path === '/api/v2/scan/transfers') {
    if (body.direction !== 'all') return { code: 10001, message: 'Params Error' }
    const list = transfers
      .filter((t) => (same(t.from, address) || same(t.to, address)) && inRange(t.block_num))
      .sort((a, b) => b.block_num - a.block_num || (b.event_idx ?? 0) - (a.event_idx ?? 0))
    return {
      code: 0,
      message: 'Success',
      generated_at: T0,
      data: { count: list.length, transfers: list.slice(page * row, page * row + row) },
    }
  }
  return { code: 404, message: 'Not Found' }
}

let server: Server
let db: TestDb
let app: FastifyInstance

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      const key = req.headers['x-api-key'] as string | undefined
      asked.push({ path: req.url ?? '', key, body })
      res.setHeader('Content-Type', 'application/json')
      if (req.method !== 'POST') {
        res.statusCode = 405
        return res.end('{}')
      }
      if (key !== KEY) {
        res.statusCode = 401
        return res.end(JSON.stringify({ code: 10006, message: 'Invalid API Key' }))
      }
      if (fail) {
        res.statusCode = fail.status
        return res.end(JSON.stringify(fail.body))
      }
      res.end(JSON.stringify(answer(req.url ?? '', body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const chain: SubscanChain = {
    caip2: WESTEND,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    symbol: 'WND',
    decimals: 12,
    ss58Prefix: 42,
  }
  db = await openTestDb('pglite')
  const backend = polkadotBackend(
    { chains: [], fromBlock: 1, subscan: { apiKey: KEY, chains: [chain] } },
    { db: db.handle.db, codec: testCodec(), airdropMinRecipients: 5 },
  )
  app = await buildRoutesApp(db.handle, [backend])
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db?.close()
  await new Promise((resolve) => server?.close(resolve))
})

const planckOf = (numeric: string) => {
  const [whole, fraction = ''] = numeric.split('.')
  return BigInt(whole as string) * UNIT + BigInt(fraction.padEnd(12, '0'))
}
const netOf = (tx: Transaction) =>
  (tx.transfers ?? []).reduce((sum, t) => {
    const value = planckOf(t.quantity.numeric)
    return t.direction === 'in' ? sum + value : t.direction === 'out' ? sum - value : sum
  }, 0n)

describe('Polkadot history from Subscan', () => {
  it('lists every extrinsic of the account once, newest first, across pages of every size', async () => {
    for (const limit of ['1', '7', '20', '100']) {
      const pages = await allPages(app, ALICE, { chainId: WESTEND, limit })
      const rows = pages.flat()
      expect(rows.map((r) => r.id)).toEqual(expected.map((e) => `${WESTEND}:${e.id}`))
      for (const page of pages.slice(0, -1)) expect(page.length).toBeGreaterThan(0)
    }
  }, 120_000)

  it('maps amounts, fee lines and failures as the index does: the lines add up to the balance change', async () => {
    const rows = (await allPages(app, ALICE, { chainId: WESTEND, limit: '100' })).flat()
    rows.forEach((row, i) => {
      const want = expected[i] as (typeof expected)[number]
      expect(row.metadata.status).toBe(want.failed ? 'failed' : 'confirmed')
      expect(netOf(row)).toBe(want.net)
      const feeLine = row.transfers?.find((t) => t.fungible_info?.name === 'Network fee')
      expect(feeLine ? planckOf(feeLine.quantity.numeric) : undefined).toBe(want.fee)
    })
    const byId = new Map(rows.map((r) => [r.id.slice(WESTEND.length + 1), r]))
    // A send: out, the signer's nonce, Bob as receiver.
    expect(byId.get('1146-2')?.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: ALICE,
      sentTo: BOB,
      nonce: 1146,
      minedAt: new Date((T0 + 1146 * 3600) * 1000).toISOString(),
    })
    // A receive read from `amount` alone (amount_v2 "0").
    expect(byId.get('1141-1')?.metadata).toMatchObject({ operationType: 'receive', sentFrom: BOB })
    expect(byId.get('1141-1')?.transfers).toEqual([
      {
        fungible_info: { name: 'WND', symbol: 'WND' },
        direction: 'in',
        quantity: { numeric: '11.41' },
      },
    ])
    // A failed transfer: a send to its receiver, only the fee.
    expect(byId.get('1142-3')?.metadata).toMatchObject({
      operationType: 'send',
      status: 'failed',
      sentTo: CAROL,
    })
    expect(byId.get('1143-1')?.metadata.operationType).toBe('execute')
    expect(byId.get('1144-2')?.transfers?.map((t) => t.direction)).toEqual(['in', 'in'])
    expect(byId.get('1145-1')?.transfers?.map((t) => t.direction)).toEqual(['self', 'out'])
  }, 60_000)

  it('sends the key as X-API-Key to the documented endpoints, the address in the chain spelling', () => {
    expect(asked.length).toBeGreaterThan(0)
    for (const request of asked) {
      expect(request.key).toBe(KEY)
      expect(['/api/v2/scan/extrinsics', '/api/v2/scan/transfers']).toContain(request.path)
      expect(request.body).toMatchObject({ address: ALICE, page: 0, row: 100 })
    }
  })

  it('400s an invalid address, another prefix, and a cursor of another account or altered', async () => {
    for (const address of ['nope', `${ALICE.slice(0, -1)}x`, spell(ALICE_ID, 0)]) {
      const { status, body } = await getHistory(app, address, { chainId: WESTEND })
      expect(status).toBe(400)
      expect(body.error?.code).toBe('INVALID_ADDRESS')
    }
    const first = await getHistory(app, ALICE, { chainId: WESTEND, limit: '3' })
    const cursor = first.body.next as string
    const other = await getHistory(app, BOB, { chainId: WESTEND, cursor })
    expect(other.status).toBe(400)
    expect(other.body.error?.code).toBe('INVALID_CURSOR')
    const altered = await getHistory(app, ALICE, {
      chainId: WESTEND,
      cursor: `${cursor.slice(0, -2)}AA`,
    })
    expect(altered.status).toBe(400)
    const polkadot = await getHistory(app, ALICE, {
      chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    })
    expect(polkadot.body.error?.code).toBe('UNSUPPORTED_CHAIN')
  })

  it('answers 502 when Subscan refuses or fails, and never shows the key', async () => {
    for (const failure of [
      { status: 429, body: { code: 20008, message: 'Too Many Requests' } },
      { status: 200, body: { code: 10006, message: `Invalid API Key ${KEY}` } },
      { status: 200, body: { code: 0, message: 'Success', data: { extrinsics: 'garbage' } } },
    ]) {
      fail = failure
      try {
        const { status, body } = await getHistory(app, ALICE, { chainId: WESTEND })
        if (failure.body.code === 0) {
          // A list that is no list reads as empty, not as a crash.
          expect(status).toBe(200)
          continue
        }
        expect(status).toBe(502)
        expect(body.error?.code).toBe('UPSTREAM_ERROR')
        expect(JSON.stringify(body)).not.toContain(KEY)
      } finally {
        fail = undefined
      }
    }
  })
})
