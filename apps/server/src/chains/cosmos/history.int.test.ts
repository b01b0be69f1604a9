/**
 * The cosmos history and balance routes judged against the dev node itself (scripts/cosmos, a
 * model of an SDK 0.50 chain behind CometBFT RPC and REST): every transaction of the seeded
 * wallet once and in the node's own (height, index) order across pages of several sizes, failed
 * transactions marked, fees and amounts adding up to the node's balances, memos as signed, pages
 * that neither repeat nor skip while transactions land between them, and 400s.
 */

import type { Transaction } from '@latch/core/wire'
import { bech32 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEE, send } from '../../../../../scripts/cosmos/testing.js'
import { allPages, getHistory, testCodec, testProjectOf } from '../testing/harness.js'
import { cosmosHistory } from './history.js'
import { networkOf } from './networks.js'
import { cosmosNodeClient } from './node.js'
import { type CosmosTestStack, DEV, mine, nodeHistory, startCosmosStack } from './testing.js'

let stack: CosmosTestStack
let wallet: string
let friend: string
const q = { chainId: DEV }

beforeAll(async () => {
  stack = await startCosmosStack()
  wallet = stack.kit.wallet
  friend = stack.kit.friend
})
afterAll(async () => {
  await stack?.close()
})

const hashes = (pages: Transaction[][]) => pages.flat().map((t) => t.metadata.hash)
/** Display units back to base units (6 decimals on the dev chain). */
const units = (numeric: string) => {
  const [whole, fraction = ''] = numeric.split('.')
  return BigInt(whole as string) * 1_000_000n + BigInt(fraction.padEnd(6, '0') || '0')
}
const SYMBOLS: Record<string, string> = { STAKE: 'ustake', LATCH: 'ulatch' }

async function balances(address: string) {
  const search = new URLSearchParams({ projectId: testProjectOf(stack.app), chainId: DEV })
  const response = await stack.app.inject({ url: `/v1/account/${address}/balance?${search}` })
  expect(response.statusCode, response.body).toBe(200)
  return (
    response.json() as {
      balances: {
        name: string
        symbol: string
        chainId: string
        address?: string
        quantity: { numeric: string; decimals: string }
      }[]
    }
  ).balances
}

async function nodeBalances(address: string): Promise<Record<string, bigint>> {
  const { body } = await stack.kit.rest(`/cosmos/bank/v1beta1/balances/${address}`)
  return Object.fromEntries(
    (body.balances as { denom: string; amount: string }[]).map((c) => [c.denom, BigInt(c.amount)]),
  )
}

describe('cosmos history against the dev node', () => {
  it("lists every transaction of the wallet once, in the node's order, at every page size", async () => {
    const reference = (await nodeHistory(stack.kit, wallet)).map((t) => t.hash)
    expect(reference.length).toBe(stack.node.seed.walletTransactions)
    for (const limit of ['1', '7', '30', '48', '49', '50', '100']) {
      const pages = await allPages(stack.app, wallet, { ...q, limit })
      expect(hashes(pages), `limit ${limit}`).toEqual(reference)
      for (const page of pages.slice(0, -1)) expect(page.length).toBe(Number(limit))
      expect(pages.at(-1)?.length).toBeGreaterThan(0)
    }
    const rows = (await allPages(stack.app, wallet, q)).flat()
    const times = rows.map((t) => Date.parse(t.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const months = ((times[0] as number) - (times.at(-1) as number)) / (30.44 * 86_400_000)
    expect(months).toBeGreaterThanOrEqual(15)
    expect(new Set(rows.map((t) => t.id)).size).toBe(rows.length)
    expect(
      rows.every((t) => t.id === `${DEV}:${t.metadata.hash}` && t.metadata.chain === DEV),
    ).toBe(true)
  })

  it("marks the failed transaction, and every line adds up to the node's balances", async () => {
    const rows = (await allPages(stack.app, wallet, q)).flat()
    const reference = await nodeHistory(stack.kit, wallet)
    const failed = reference.filter((t) => t.code !== 0).map((t) => t.hash)
    expect(failed).toEqual([stack.node.seed.failedTx])
    for (const row of rows) {
      const { body } = await stack.kit.rest(`/cosmos/tx/v1beta1/txs/${row.metadata.hash}`)
      const { tx, tx_response: response } = body
      expect(row.metadata.status).toBe(response.code === 0 ? 'confirmed' : 'failed')
      expect(row.metadata.minedAt).toBe(new Date(response.timestamp).toISOString())
      expect(row.metadata.nonce).toBe(Number(tx.auth_info.signer_infos[0].sequence))
      const fees = (row.transfers ?? []).filter((t) => t.fungible_info?.name === 'Network fee')
      const signer = tx.body.messages[0].from_address
      if (signer === wallet) {
        expect(row.metadata.operationType).toBe('send')
        expect(fees.map((f) => [f.direction, units(f.quantity.numeric)])).toEqual(
          tx.auth_info.fee.amount.map((c: { amount: string }) => ['out', BigInt(c.amount)]),
        )
      } else {
        expect(row.metadata.operationType).toBe('receive')
        expect(fees).toEqual([])
      }
      if (response.code !== 0) expect(row.transfers).toEqual(fees)
    }
    expect(rows.find((r) => r.metadata.hash === stack.node.seed.failedTx)?.metadata).toMatchObject({
      status: 'failed',
      operationType: 'send',
      sentFrom: wallet,
    })
    // The wallet held nothing at genesis: what the lines say came in minus went out is its balance.
    const sums: Record<string, bigint> = {}
    for (const row of rows)
      for (const t of row.transfers ?? []) {
        const denom = SYMBOLS[t.fungible_info?.symbol as string] as string
        const sign = t.direction === 'in' ? 1n : t.direction === 'out' ? -1n : 0n
        sums[denom] = (sums[denom] ?? 0n) + sign * units(t.quantity.numeric)
      }
    expect(sums).toEqual(await nodeBalances(wallet))
    // Both directions, both denoms, and the two-message transaction summed per denom.
    const kinds = new Set(
      rows.flatMap((r) =>
        (r.transfers ?? []).map((t) => `${t.direction} ${t.fungible_info?.symbol}`),
      ),
    )
    expect([...kinds].sort()).toEqual(['in LATCH', 'in STAKE', 'out LATCH', 'out STAKE'])
  })

  it('keeps each memo as signed, read beside the wire rows', async () => {
    const network = networkOf(DEV)
    if (!network) throw new Error('no dev network')
    const client = cosmosNodeClient({
      chain: DEV,
      rpcUrl: stack.node.rpcUrl,
      restUrl: stack.node.restUrl,
      timeoutMs: 10_000,
      recorder: () => () => {},
    })
    const { rows } = await cosmosHistory({
      client,
      network,
      codec: testCodec(),
      viewer: wallet,
      cursor: undefined,
      limit: 100,
    })
    expect(rows).toHaveLength(stack.node.seed.walletTransactions)
    for (const row of rows) {
      const { body } = await stack.kit.rest(
        `/cosmos/tx/v1beta1/txs/${row.transaction.metadata.hash}`,
      )
      expect(row.memo).toBe(body.tx.body.memo)
    }
    const memos = rows.map((r) => r.memo)
    // Through the route too: the response schema keeps the memo (an empty one is left out).
    const served = (await allPages(stack.app, wallet, { chainId: DEV, limit: '100' })).flat()
    expect(served.map((t) => t.metadata.memo ?? '')).toEqual(memos)
    expect(memos.some((m) => m.startsWith('allowance '))).toBe(true)
    expect(memos.some((m) => /[<>&]/.test(m))).toBe(true)
  })

  it('neither repeats nor skips while transactions land between pages', async () => {
    const before = (await nodeHistory(stack.kit, wallet)).map((t) => t.hash)
    const seen: string[] = []
    let page = await getHistory(stack.app, wallet, { ...q, limit: '4' })
    seen.push(...page.body.data.map((t) => t.metadata.hash))
    // Between pages: the wallet sends and the friend pays it back, both in one new block.
    const out = await (await stack.kit.signer('direct', 'wallet')).signAndBroadcastSync(
      wallet,
      [send(wallet, friend, '1234')],
      FEE,
      'between pages',
    )
    const back = await (await stack.kit.signer('amino', 'friend')).signAndBroadcastSync(
      friend,
      [send(friend, wallet, '4321', 'ustake')],
      FEE,
      'back',
    )
    await mine(stack.node)
    for (let i = 0; page.body.next; i++) {
      if (i === 2) {
        const late = await (await stack.kit.signer('direct', 'wallet')).signAndBroadcastSync(
          wallet,
          [send(wallet, friend, '1')],
          FEE,
        )
        await mine(stack.node)
        expect(late).toMatch(/^[0-9A-F]{64}$/)
      }
      page = await getHistory(stack.app, wallet, { ...q, limit: '4', cursor: page.body.next })
      expect(page.status).toBe(200)
      seen.push(...page.body.data.map((t) => t.metadata.hash))
    }
    expect(seen).toEqual(before)
    // A new first page shows them on top, in the node's order within their block.
    const now = await nodeHistory(stack.kit, wallet)
    expect(
      now
        .slice(1, 3)
        .map((t) => t.hash)
        .sort(),
    ).toEqual([out, back].sort())
    expect(now[1]?.height).toBe(now[2]?.height)
    // Pages of 1 and 2 put a cursor inside that block: its other transaction still comes next.
    for (const limit of ['1', '2']) {
      const fresh = hashes(await allPages(stack.app, wallet, { ...q, limit }))
      expect(fresh, `limit ${limit}`).toEqual(now.map((t) => t.hash))
    }
  })

  it("gives every bank denom in display units, equal to the node's balances", async () => {
    const node = await nodeBalances(wallet)
    const rows = await balances(wallet)
    expect(rows.map((r) => [r.symbol, r.address])).toEqual([
      ['STAKE', undefined],
      ['LATCH', `${DEV}:ulatch`],
    ])
    for (const row of rows) {
      expect(row).toMatchObject({ chainId: DEV, quantity: { decimals: '6' } })
      expect(units(row.quantity.numeric)).toBe(node[SYMBOLS[row.symbol] as string])
    }
    expect(rows[0]?.name).toBe('Stake')
    // An account the chain never saw has no balances (and is no error).
    const fresh = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(7)))
    expect(await balances(fresh)).toEqual([])
    expect((await getHistory(stack.app, fresh, q)).body).toEqual({ data: [], next: null })
  })

  it('answers 400 for a bad checksum, another chain prefix, an unserved chain, a bad limit or cursor', async () => {
    const osmo = bech32.encode('osmo', bech32.decode(wallet as `${string}1${string}`).words)
    const badChecksum = `${wallet.slice(0, -1)}${wallet.endsWith('q') ? 'p' : 'q'}`
    const cases: [string, Record<string, string>, string, RegExp][] = [
      [badChecksum, q, 'INVALID_ADDRESS', /not bech32 with a valid checksum/],
      [osmo, q, 'INVALID_ADDRESS', /is an address of Osmosis, not of Latch Dev Chain/],
      [wallet.toUpperCase().slice(0, 10) + wallet.slice(10), q, 'INVALID_ADDRESS', /checksum/],
      ['..%2F..%2Fblocks', q, 'INVALID_ADDRESS', /Invalid Cosmos address/],
      [wallet, { chainId: 'cosmos:cosmoshub-4' }, 'UNSUPPORTED_CHAIN', /not served here/],
      [wallet, { ...q, limit: '0' }, 'INVALID_LIMIT', /limit/],
      [wallet, { ...q, cursor: 'abc.def' }, 'INVALID_CURSOR', /cursor/],
    ]
    for (const [who, query, code, message] of cases) {
      const { status, body } = await getHistory(stack.app, who, query)
      expect({ who, status, code: body.error?.code }).toEqual({ who, status: 400, code })
      expect(body.error?.message).toMatch(message)
    }
    // A cursor minted for another account (the friend) is refused for this one.
    const other = await getHistory(stack.app, friend, { ...q, limit: '1' })
    expect(other.body.next).toBeTruthy()
    const reused = await getHistory(stack.app, wallet, { ...q, cursor: other.body.next as string })
    expect(reused.status).toBe(400)
    expect(reused.body.error?.code).toBe('INVALID_CURSOR')
    // Without a chain id, a cosmos-prefixed account goes to the served chain of that prefix.
    const implicit = await getHistory(stack.app, wallet, { limit: '1' })
    expect(implicit.status).toBe(200)
    expect(implicit.body.data[0]?.metadata.chain).toBe(DEV)
    const search = new URLSearchParams({ projectId: testProjectOf(stack.app) })
    const supported = await stack.app.inject({ url: `/v1/supported-chains?${search}` })
    expect(supported.json()).toEqual({ http: [DEV], ws: [] })
  })
})
