/**
 * The bip122 history and balance routes judged against the dev node itself (bcoin regtest behind
 * its Esplora REST, scripts/bitcoin): every transaction of the seeded payment account once and in
 * the node's order across pages of several sizes, the classification and fees against the node's
 * own transaction data, pages that neither repeat nor skip while payments arrive and confirm, and
 * balances equal to the node's UTXO sum.
 */
import type { Transaction } from '@latch/core/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages, getHistory, testProjectOf } from '../testing/harness.js'
import type { EsploraTx } from './esplora.js'
import {
  type BitcoinTestStack,
  keys,
  nodeClient,
  paymentChain,
  REGTEST,
  startBitcoinStack,
} from './testing.js'

let stack: BitcoinTestStack
let node: ReturnType<typeof nodeClient>
const address = keys.payment.address
const q = { chainId: REGTEST }

beforeAll(async () => {
  stack = await startBitcoinStack()
  node = nodeClient(stack.bitcoin.url)
})
afterAll(async () => {
  await stack?.close()
})

const hashes = (pages: Transaction[][]) => pages.flat().map((t) => t.metadata.hash)
const sats = (numeric: string | undefined) => Math.round(Number(numeric ?? '0') * 1e8)

async function balances() {
  const search = new URLSearchParams({ projectId: testProjectOf(stack.app), chainId: REGTEST })
  const response = await stack.app.inject({ url: `/v1/account/${address}/balance?${search}` })
  expect(response.statusCode, response.body).toBe(200)
  return (
    response.json() as {
      balances: {
        name: string
        address?: string
        quantity: { numeric: string; decimals: string }
      }[]
    }
  ).balances
}
async function utxoSum() {
  const utxos = await node.json<{ value: number; status: { confirmed: boolean } }[]>(
    `/address/${address}/utxo`,
  )
  return utxos.reduce((sum, u) => sum + u.value, 0)
}

describe('bip122 history against the dev node', () => {
  it('lists every transaction of the payment account once, in the node order, at every page size', async () => {
    const reference = (await node.history(address)).map((t) => t.txid)
    expect(reference.length).toBe(stack.bitcoin.seed.paymentTransactions)
    for (const limit of ['1', '7', '25', '36', '50', '100']) {
      const pages = await allPages(stack.app, address, { ...q, limit })
      expect(hashes(pages), `limit ${limit}`).toEqual(reference)
      for (const page of pages.slice(0, -1)) expect(page.length).toBe(Number(limit))
    }
    const rows = (await allPages(stack.app, address, q)).flat()
    const times = rows.map((t) => Date.parse(t.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const months = ((times[0] as number) - (times.at(-1) as number)) / (30.44 * 86_400_000)
    expect(months).toBeGreaterThanOrEqual(15)
    expect(new Set(rows.map((t) => t.id)).size).toBe(rows.length)
    expect(
      rows.every((t) => t.id === `${REGTEST}:${t.metadata.hash}` && t.metadata.chain === REGTEST),
    ).toBe(true)
  })

  it("classifies sends, receives and self-transfers with amounts and fees from the node's own data", async () => {
    const rows = (await allPages(stack.app, address, q)).flat()
    const kinds = new Set<string>()
    for (const row of rows) {
      const tx = await node.json<EsploraTx>(`/tx/${row.metadata.hash}`)
      const mine = (a?: string) => a === address
      const spent = tx.vin
        .filter((i) => mine(i.prevout?.scriptpubkey_address))
        .reduce((s, i) => s + (i.prevout?.value ?? 0), 0)
      const received = tx.vout
        .filter((o) => mine(o.scriptpubkey_address))
        .reduce((s, o) => s + o.value, 0)
      const others = tx.vout
        .filter((o) => !mine(o.scriptpubkey_address))
        .reduce((s, o) => s + o.value, 0)
      const [main, fee] = row.transfers ?? []
      expect(row.metadata.status).toBe(tx.status.confirmed ? 'confirmed' : 'pending')
      expect(row.metadata.nonce).toBe(tx.status.block_height)
      expect(Date.parse(row.metadata.minedAt) / 1000).toBe(tx.status.block_time)
      if (spent === 0) {
        kinds.add('receive')
        expect(row.metadata.operationType).toBe('receive')
        expect(row.transfers).toHaveLength(1)
        expect(main).toMatchObject({ direction: 'in', fungible_info: { symbol: 'BTC' } })
        expect(sats(main?.quantity.numeric)).toBe(received)
        expect(row.metadata.sentTo).toBe(address)
      } else {
        const self = others === 0
        kinds.add(self ? 'self' : 'send')
        expect(row.metadata.operationType).toBe('send')
        expect(main?.direction).toBe(self ? 'self' : 'out')
        expect(sats(main?.quantity.numeric)).toBe(self ? received : others)
        expect(fee).toMatchObject({ direction: 'out', fungible_info: { name: 'Network fee' } })
        expect(sats(fee?.quantity.numeric)).toBe(tx.fee)
        // What left the account is exactly what the lines say went.
        expect(spent - received).toBe(self ? tx.fee : others + tx.fee)
        expect(row.metadata.sentFrom).toBe(address)
        if (self) expect(row.metadata.sentTo).toBe(address)
        else expect(row.metadata.sentTo).toBe(keys.friend.address)
      }
    }
    expect([...kinds].sort()).toEqual(['receive', 'self', 'send'])
  })

  it('neither repeats nor skips while payments arrive and confirm between pages', async () => {
    const before = (await node.history(address)).map((t) => t.txid)
    // Three pending payments first: the first page's pending part spans pages at limit 2.
    const [a, b, c] = paymentChain(await node.paymentCoin(), 3)
    for (const p of [a, b, c]) expect((await node.broadcast(p?.hex as string)).status).toBe(200)
    const start = [c?.txid, b?.txid, a?.txid]
    const seen: string[] = []
    let page = await getHistory(stack.app, address, { ...q, limit: '2' })
    expect(page.body.data.map((t) => t.metadata.status)).toEqual(['pending', 'pending'])
    seen.push(...page.body.data.map((t) => t.metadata.hash))
    // Between pages: the pending ones confirm, and a new payment arrives (pending, then mined).
    await node.mine(1)
    const [late] = paymentChain(await node.paymentCoin(500_000, [a?.txid as string]), 1)
    expect((await node.broadcast(late?.hex as string)).status).toBe(200)
    for (let i = 0; page.body.next; i++) {
      if (i === 3) await node.mine(1)
      page = await getHistory(stack.app, address, { ...q, limit: '2', cursor: page.body.next })
      expect(page.status).toBe(200)
      seen.push(...page.body.data.map((t) => t.metadata.hash))
    }
    expect(new Set(start)).toEqual(new Set(seen.slice(0, 3)))
    expect(seen.slice(3)).toEqual(before)
    expect(seen).not.toContain(late?.txid)
    // A new first page shows it, newest first.
    const fresh = hashes(await allPages(stack.app, address, { ...q, limit: '5' }))
    expect(fresh).toEqual((await node.history(address)).map((t) => t.txid))
    expect(fresh.slice(0, 4).sort()).toEqual([...start, late?.txid].sort())
  })

  it("shows a pending payment as pending, and balances add up to the node's UTXOs", async () => {
    await node.mine(1)
    const confirmedOnly = await balances()
    expect(confirmedOnly).toHaveLength(1)
    expect(confirmedOnly[0]).toMatchObject({ name: 'Bitcoin', quantity: { decimals: '8' } })
    expect(confirmedOnly[0]).not.toHaveProperty('address')
    expect(sats(confirmedOnly[0]?.quantity.numeric)).toBe(await utxoSum())

    const [p] = paymentChain(await node.paymentCoin(), 1, 100_000, 700)
    expect((await node.broadcast(p?.hex as string)).status).toBe(200)
    const first = (await getHistory(stack.app, address, q)).body.data[0]
    expect(first?.metadata).toMatchObject({ hash: p?.txid, status: 'pending', nonce: 0 })
    // A page filled by the pending part alone resumes at the anchor (the `a` cursor).
    const onePerPage = hashes(await allPages(stack.app, address, { ...q, limit: '1' }))
    expect(onePerPage).toEqual((await node.history(address)).map((t) => t.txid))
    const withPending = await balances()
    expect(withPending[1]).toMatchObject({
      name: 'Bitcoin (unconfirmed)',
      address: `${REGTEST}:unconfirmed`,
    })
    expect(sats(withPending[1]?.quantity.numeric)).toBe(-100_700)
    expect(sats(withPending[0]?.quantity.numeric) + sats(withPending[1]?.quantity.numeric)).toBe(
      await utxoSum(),
    )
    await node.mine(1)
    const after = (await getHistory(stack.app, address, q)).body.data[0]
    expect(after?.metadata).toMatchObject({ hash: p?.txid, status: 'confirmed' })
    expect(await balances()).toHaveLength(1)
  })

  it('answers 400 for a bad address, another network, an unserved chain, a bad limit or cursor', async () => {
    const mainnetAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ['bcrt1qnotanaddress', q, 'INVALID_ADDRESS', /Invalid Bitcoin address for Bitcoin Regtest/],
      [mainnetAddress, q, 'INVALID_ADDRESS', /is an address of Bitcoin, not of Bitcoin Regtest/],
      ['..%2F..%2Fblocks', q, 'INVALID_ADDRESS', /Invalid Bitcoin address/],
      [
        address,
        { chainId: 'bip122:000000000019d6689c085ae165831e93' },
        'UNSUPPORTED_CHAIN',
        /not served here/,
      ],
      [address, { ...q, limit: '0' }, 'INVALID_LIMIT', /limit/],
      [address, { ...q, cursor: 'abc.def' }, 'INVALID_CURSOR', /cursor/],
    ]
    for (const [who, query, code, message] of cases) {
      const { status, body } = await getHistory(stack.app, who, query)
      expect({ who, status, code: body.error?.code }).toEqual({ who, status: 400, code })
      expect(body.error?.message).toMatch(message)
    }
    // A cursor minted for another address (the ordinal account) is refused for this one.
    const other = await getHistory(stack.app, keys.ordinal.address, { ...q, limit: '1' })
    expect(other.body.next).toBeTruthy()
    const reused = await getHistory(stack.app, address, { ...q, cursor: other.body.next as string })
    expect(reused.status).toBe(400)
    expect(reused.body.error?.code).toBe('INVALID_CURSOR')
    // The chain is listed for the history screen.
    const search = new URLSearchParams({ projectId: testProjectOf(stack.app) })
    const supported = await stack.app.inject({ url: `/v1/supported-chains?${search}` })
    expect(supported.json()).toEqual({ http: [REGTEST], ws: [] })
  })
})
