/**
 * The Polkadot index judged against the dev chain itself (scripts/polkadot: a real runtime under
 * chopsticks, 16 months of seeded Alice/Bob transfers with failures): every extrinsic of Alice's
 * once and in the chain's order across pages of several sizes, failed ones marked, each block's
 * amounts and fees adding up to her balance change read from the chain's state, a new transfer
 * indexed by the running follower once its block is built, and the same pages from Postgres.
 */

import type { Transaction } from '@latch/core/wire'
import type { ApiPromise } from '@polkadot/api'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DevPolkadot, DevPolkadotKeys } from '../../../../../scripts/polkadot/index.js'
import { ChainLease, LeaseLostError, leaseTimings } from '../eip155/lease.js'
import { allPages, getHistory, openTestDb, testCodec, testProjectOf } from '../testing/harness.js'
import { polkadotBackend } from './backend.js'
import { readBlock } from './decode.js'
import { polkadotLeaseId } from './indexer.js'
import { commitBlocks, readCheckpoint } from './store.js'
import { type PolkadotTestStack, startPolkadotStack, startTestChain } from './testing.js'

let dot: DevPolkadot
let keys: DevPolkadotKeys
let api: ApiPromise
let stack: PolkadotTestStack

beforeAll(async () => {
  ;({ dot, keys, api } = await startTestChain())
  stack = await startPolkadotStack(dot, 'pglite')
  await stack.indexer.syncToHead()
}, 600_000)
afterAll(async () => {
  await stack?.close()
  await api?.disconnect()
  await dot?.stop()
})

const planck = (numeric: string) => {
  const [whole, fraction = ''] = numeric.split('.')
  return BigInt(whole as string) * 10n ** 12n + BigInt(fraction.padEnd(12, '0'))
}

interface Expected {
  block: number
  index: number
  hash: string
  failed: boolean
}

/** Alice's extrinsics as the chain tells them (api.at's events, not the indexer's decoding), newest first. */
async function aliceOnChain(): Promise<Expected[]> {
  const alice = keys.alice.address
  const head = (await api.rpc.chain.getHeader()).number.toNumber()
  const found: Expected[] = []
  for (let n = 1; n <= head; n++) {
    const hash = await api.rpc.chain.getBlockHash(n)
    const [block, at] = await Promise.all([api.rpc.chain.getBlock(hash), api.at(hash)])
    const events = (await at.query.system.events()) as unknown as {
      phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } }
      event: { section: string; method: string; data: { toString(): string }[] }
    }[]
    block.block.extrinsics.forEach((ext, index) => {
      const own = events.filter(
        (e) => e.phase.isApplyExtrinsic && e.phase.asApplyExtrinsic.toNumber() === index,
      )
      const transfers = own.filter(
        (e) => e.event.section === 'balances' && e.event.method === 'Transfer',
      )
      const mine =
        (ext.isSigned && ext.signer.toString() === alice) ||
        transfers.some(
          (e) => e.event.data[0]?.toString() === alice || e.event.data[1]?.toString() === alice,
        )
      if (mine)
        found.push({
          block: n,
          index,
          hash: ext.hash.toHex(),
          failed: own.some(
            (e) => e.event.section === 'system' && e.event.method === 'ExtrinsicFailed',
          ),
        })
    })
  }
  return found.reverse()
}

let reference: Expected[]

describe('polkadot history against the dev chain', () => {
  it("lists every extrinsic of Alice's once, in the chain's order, at every page size", async () => {
    reference = await aliceOnChain()
    expect(reference.length).toBe(dot.seed.aliceHistory)
    const q = { chainId: dot.caip2 }
    for (const limit of ['1', '7', '36', '50']) {
      const pages = await allPages(stack.app, keys.alice.address, { ...q, limit })
      expect(
        pages.flat().map((t) => t.metadata.hash),
        `limit ${limit}`,
      ).toEqual(reference.map((r) => r.hash))
      for (const page of pages.slice(0, -1)) expect(page.length).toBe(Number(limit))
    }
    const rows = (await allPages(stack.app, keys.alice.address, q)).flat()
    expect(rows.map((t) => t.id)).toEqual(
      reference.map((r) => `${dot.caip2}:${r.block}-${r.index}`),
    )
    const times = rows.map((t) => Date.parse(t.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const months = ((times[0] as number) - (times.at(-1) as number)) / (30.44 * 86_400_000)
    expect(months).toBeGreaterThanOrEqual(15)
    const failed = rows.filter((t) => t.metadata.status === 'failed').map((t) => t.metadata.hash)
    expect(failed).toEqual(reference.filter((r) => r.failed).map((r) => r.hash))
    expect(failed.length).toBe(dot.seed.failed)
    expect(rows.every((t) => t.metadata.chain === dot.caip2)).toBe(true)
  })

  it("adds up, block by block, to Alice's balance change read from the chain's state", async () => {
    const rows = (await allPages(stack.app, keys.alice.address, { chainId: dot.caip2 })).flat()
    const byBlock = new Map<number, Transaction[]>()
    for (const t of rows) {
      const block = Number(t.id.split(':').at(-1)?.split('-')[0])
      byBlock.set(block, [...(byBlock.get(block) ?? []), t])
    }
    const freeAt = async (n: number) => {
      const at = await api.at(await api.rpc.chain.getBlockHash(n))
      const info = (await at.query.system.account(keys.alice.address)) as unknown as {
        data: { free: { toBigInt(): bigint } }
      }
      return info.data.free.toBigInt()
    }
    let fees = 0
    for (const [block, txs] of byBlock) {
      let change = 0n
      for (const t of txs)
        for (const line of t.transfers ?? []) {
          const amount = planck(line.quantity.numeric)
          if (line.fungible_info?.name === 'Network fee') fees++
          change += line.direction === 'in' ? amount : line.direction === 'out' ? -amount : 0n
        }
      expect(change, `block ${block}`).toBe((await freeAt(block)) - (await freeAt(block - 1)))
    }
    // Every extrinsic Alice signed paid a fee, failed ones included.
    expect(fees).toBe(rows.filter((t) => t.metadata.sentFrom === keys.alice.address).length)
    for (const t of rows.filter((r) => r.metadata.status === 'failed')) {
      expect(t.metadata.operationType).toBe('send')
      expect(t.transfers?.map((l) => l.fungible_info?.name)).toEqual(['Network fee'])
      expect(t.metadata.sentTo).toBe(keys.charlie.address)
    }
  })

  it('indexes a new transfer once its block is built, above the pages already read', async () => {
    const first = await getHistory(stack.app, keys.alice.address, {
      chainId: dot.caip2,
      limit: '5',
    })
    expect(first.status).toBe(200)
    stack.indexer.start()
    const tx = api.tx.balances.transferKeepAlive(keys.bob.address, 1_234_000_000_000n)
    const hash = (await tx.signAndSend(keys.alice.pair)).toHex()
    await dot.newBlock()
    let top: Transaction | undefined
    for (let i = 0; i < 600 && top?.metadata.hash !== hash; i++) {
      const page = await getHistory(stack.app, keys.alice.address, {
        chainId: dot.caip2,
        limit: '1',
      })
      top = page.body.data[0]
      if (top?.metadata.hash !== hash) await new Promise((r) => setTimeout(r, 100))
    }
    expect(top?.metadata.hash).toBe(hash)
    expect(top?.metadata.operationType).toBe('send')
    expect(top?.transfers?.[0]).toMatchObject({ direction: 'out', quantity: { numeric: '1.234' } })
    // Paging on from the page read before: the old rows, none repeated, none skipped.
    const rest = await allPages(stack.app, keys.alice.address, { chainId: dot.caip2, limit: '5' })
    const before = [...first.body.data]
    let cursor = first.body.next
    while (cursor) {
      const page = await getHistory(stack.app, keys.alice.address, {
        chainId: dot.caip2,
        limit: '5',
        cursor,
      })
      before.push(...page.body.data)
      cursor = page.body.next
    }
    expect(before.map((t) => t.metadata.hash)).toEqual(reference.map((r) => r.hash))
    expect(rest.flat().map((t) => t.metadata.hash)).toEqual([hash, ...reference.map((r) => r.hash)])
    await stack.indexer.stop()
  })

  it('answers 400 for invalid addresses, another prefix, and altered or foreign cursors', async () => {
    const q = { chainId: dot.caip2 }
    const bad = await getHistory(stack.app, 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74G', q)
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'INVALID_ADDRESS'])
    // Alice in the generic prefix 42: a valid SS58 address, but not this chain's spelling.
    const generic = await getHistory(
      stack.app,
      '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      q,
    )
    expect([generic.status, generic.body.error?.code]).toEqual([400, 'INVALID_ADDRESS'])
    const page = await getHistory(stack.app, keys.alice.address, { ...q, limit: '2' })
    const cursor = page.body.next as string
    const [body, tag] = cursor.split('.') as [string, string]
    const forged = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString()
        .replace(/:(\d+):/, ':1:'),
    ).toString('base64url')
    for (const attempt of [`${forged}.${tag}`, `${cursor}x`, 'garbage'])
      expect(
        (await getHistory(stack.app, keys.alice.address, { ...q, cursor: attempt })).body.error
          ?.code,
      ).toBe('INVALID_CURSOR')
    // Alice's cursor on Bob's history.
    const foreign = await getHistory(stack.app, keys.bob.address, { ...q, cursor })
    expect([foreign.status, foreign.body.error?.code]).toEqual([400, 'INVALID_CURSOR'])
    const other = await getHistory(stack.app, keys.alice.address, {
      chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    })
    expect([other.status, other.body.error?.code]).toEqual([400, 'UNSUPPORTED_CHAIN'])
    const limit = await getHistory(stack.app, keys.alice.address, { ...q, limit: '101' })
    expect([limit.status, limit.body.error?.code]).toEqual([400, 'INVALID_LIMIT'])
  })

  it("gives balances equal to the chain's System.Account", async () => {
    const search = new URLSearchParams({ projectId: testProjectOf(stack.app), chainId: dot.caip2 })
    const response = await stack.app.inject({
      url: `/v1/account/${keys.alice.address}/balance?${search}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { balances } = response.json() as {
      balances: { name: string; quantity: { numeric: string; decimals: string } }[]
    }
    const info = (await api.query.system.account(keys.alice.address)) as unknown as {
      data: { free: { toBigInt(): bigint }; reserved: { toBigInt(): bigint } }
    }
    expect(balances[0]?.name).toBe('ROC')
    expect(balances[0]?.quantity.decimals).toBe('12')
    expect(planck(balances[0]?.quantity.numeric as string)).toBe(info.data.free.toBigInt())
    expect(info.data.reserved.toBigInt()).toBe(0n)
    expect(balances).toHaveLength(1)
  })

  it('builds the same history on Postgres', async () => {
    const pg = await startPolkadotStack(dot, 'postgres')
    try {
      await pg.indexer.syncToHead()
      for (const limit of ['7', '50']) {
        const onPg = await allPages(pg.app, keys.alice.address, { chainId: dot.caip2, limit })
        const onLite = await allPages(stack.app, keys.alice.address, { chainId: dot.caip2, limit })
        expect(onPg.flat()).toEqual(onLite.flat())
      }
    } finally {
      await pg.close()
    }
  })
})

describe('one indexer per chain (the lease)', () => {
  it('lets one of two servers index, and the other take over when it stops', async () => {
    const db = await openTestDb('postgres')
    const config = { chains: [{ caip2: dot.caip2, url: dot.url }], fromBlock: 1 }
    const make = (holder: string) =>
      polkadotBackend(config, {
        db: db.handle.db,
        codec: testCodec(),
        airdropMinRecipients: 5,
        holder,
      })
    const a = make('host:1:a')
    const b = make('host:2:b')
    const lease = new ChainLease(db.handle.db, polkadotLeaseId(dot.caip2), 'observer')
    const head = async () => (await api.rpc.chain.getHeader()).number.toNumber()
    const reached = async (n: number) => {
      for (let i = 0; i < 1200; i++) {
        if (((await readCheckpoint(db.handle.db, dot.caip2))?.number ?? 0) >= n) return
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`the index never reached block ${n}`)
    }
    try {
      for (const f of [...a.followers, ...b.followers]) f.start()
      await reached(await head())
      const first = (await lease.current())?.holder
      expect(['host:1:a', 'host:2:b']).toContain(first)
      const [leader, standby] = first === 'host:1:a' ? [a, b] : [b, a]
      for (const f of leader.followers) await f.stop()
      await api.tx.balances
        .transferKeepAlive(keys.bob.address, 2_000_000_000_000n)
        .signAndSend(keys.alice.pair)
      const block = await dot.newBlock()
      await reached(block.number)
      expect((await lease.current())?.holder).not.toBe(first)
      for (const f of standby.followers) await f.stop()
    } finally {
      await a.nodes.close()
      await b.nodes.close()
      await db.close()
    }
  })

  it('refuses a batch whose lease another indexer took meanwhile, writing nothing', async () => {
    const db = await openTestDb('pglite')
    try {
      const id = polkadotLeaseId(dot.caip2)
      const timings = leaseTimings(60_000)
      const paused = new ChainLease(db.handle.db, id, 'host:1:paused', { timings })
      expect(await paused.acquire()).toBe(true)
      const fence = paused.fencer()
      // The paused holder's lease lapses; another takes it (a new term).
      await db.handle.db.execute(
        sql`update chain_index_leases set expires_at = clock_timestamp() where chain_id = ${id}`,
      )
      const other = new ChainLease(db.handle.db, id, 'host:2:other', { timings })
      expect(await other.acquire()).toBe(true)
      const blocks = [await readBlock(api, 1), await readBlock(api, 2)]
      await expect(commitBlocks(db.handle.db, dot.caip2, blocks, fence)).rejects.toBeInstanceOf(
        LeaseLostError,
      )
      expect(await readCheckpoint(db.handle.db, dot.caip2)).toBeNull()
      await commitBlocks(db.handle.db, dot.caip2, blocks, other.fencer())
      expect((await readCheckpoint(db.handle.db, dot.caip2))?.number).toBe(2)
      await other.release()
      await paused.release()
    } finally {
      await db.close()
    }
  })
})
