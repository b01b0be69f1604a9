import type { Transaction } from '@latch/core/wire'
import { type Address, createSolanaRpc, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  devTokenList,
  LOCAL_CLUSTER_CAIP2,
  startDevSolana,
  submitInstructions,
} from '../../../../../scripts/solana/index.js'
import { CursorCodec } from '../shared/cursor.js'
import {
  allPages,
  buildRoutesApp,
  getHistory,
  openTestDb,
  TEST_CURSOR_SECRET,
  type TestDb,
  testProjectOf,
} from '../testing/harness.js'
import { solanaBackend } from './backend.js'
import { loadSolanaConfig } from './config.js'
import { createSolanaService } from './service.js'

type Cluster = Awaited<ReturnType<typeof startDevSolana>>
let cluster: Cluster
let db: TestDb
let app: FastifyInstance
let port: number
const query = { chainId: LOCAL_CLUSTER_CAIP2 }

async function start(existingPort = 0) {
  cluster = await startDevSolana({ port: existingPort })
  port = Number(new URL(cluster.rpcUrl).port)
}

beforeAll(async () => {
  await start()
  db = await openTestDb('pglite')
  const issues: string[] = []
  const config = loadSolanaConfig(
    {
      LATCH_SOLANA_CLUSTERS: `${LOCAL_CLUSTER_CAIP2}=${cluster.rpcUrl}`,
      LATCH_SOLANA_TOKENS: await devTokenList(),
    },
    issues,
  )
  expect(issues).toEqual([])
  const solana = createSolanaService(db.handle.db, config, {
    codec: new CursorCodec(TEST_CURSOR_SECRET),
    airdropMinRecipients: 5,
  })
  app = await buildRoutesApp(db.handle, [solanaBackend(solana)])
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
  await cluster?.stop()
})

/** Every signature naming the wallet or one of its token accounts, read from the cluster itself. */
async function signaturesFromCluster(owner: Address): Promise<string[]> {
  const rpc = createSolanaRpc(cluster.rpcUrl)
  const sources: Address[] = [owner]
  for (const programId of [
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  ]) {
    const { value } = await rpc
      .getTokenAccountsByOwner(owner, { programId: programId as Address }, { encoding: 'base64' })
      .send()
    sources.push(...value.map((entry) => entry.pubkey))
  }
  const found = new Map<string, { time: number; slot: number }>()
  for (const source of sources)
    for (const entry of await rpc.getSignaturesForAddress(source).send())
      found.set(entry.signature, { time: Number(entry.blockTime), slot: Number(entry.slot) })
  return [...found]
    .sort(([a, x], [b, y]) => y.time - x.time || y.slot - x.slot || (b > a ? 1 : -1))
    .map(([signature]) => signature)
}

const wallet = () => cluster.seed.keys.accounts.wallet.address
const byHash = (items: Transaction[], hash: string) => items.find((t) => t.metadata.hash === hash)

describe('Solana history', () => {
  it('lists every signature of the account once, newest first, across pages of any size', async () => {
    const expected = await signaturesFromCluster(wallet())
    expect(expected.length).toBeGreaterThan(30)
    for (const limit of ['100', '7']) {
      const items = (await allPages(app, wallet(), { ...query, limit })).flat()
      expect(items.map((t) => t.metadata.hash)).toEqual(expected)
    }
    const items = (await allPages(app, wallet(), { ...query, limit: '100' })).flat()
    const months = new Set(items.map((t) => t.metadata.minedAt.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(15)
    expect(items.every((t) => t.metadata.chain === LOCAL_CLUSTER_CAIP2)).toBe(true)
  })

  it('reads SOL and SPL transfers, a swap as one row, a failure and the spam airdrop', async () => {
    const items = (await allPages(app, wallet(), { ...query, limit: '100' })).flat()
    const friend = cluster.seed.keys.accounts.friend.address
    // The oldest of the monthly payments from the friend: 0.5 SOL (each later one is 0.1 more).
    const solIn = items.findLast(
      (t) => t.metadata.sentFrom === friend && t.transfers?.[0]?.fungible_info?.symbol === 'SOL',
    )
    expect(solIn?.metadata.operationType).toBe('receive')
    expect(solIn?.transfers).toEqual([
      {
        fungible_info: { name: 'Solana', symbol: 'SOL' },
        direction: 'in',
        quantity: { numeric: '0.5' },
      },
    ])
    const usdOut = items.find(
      (t) =>
        t.metadata.operationType === 'send' && t.transfers?.[0]?.fungible_info?.symbol === 'LUSD',
    )
    expect(usdOut?.transfers?.[0]).toMatchObject({
      direction: 'out',
      fungible_info: { name: 'Latch Dollar' },
    })
    const swap = items.find((t) => t.metadata.operationType === 'trade')
    expect(
      swap?.transfers
        ?.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity.numeric])
        .sort(),
    ).toEqual([
      ['in', 'SOL', '0.4'],
      ['out', 'LUSD', '50'],
    ])
    const failed = items.filter((t) => t.metadata.status === 'failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.metadata).toMatchObject({ operationType: 'send', sentTo: friend })
    expect(failed[0]?.transfers).toEqual([])
    const spam = items.filter((t) => t.transfers?.some((f) => f.fungible_info?.flags?.is_spam))
    expect(spam).toHaveLength(1)
    expect(spam[0]?.transfers).toEqual([
      {
        fungible_info: expect.objectContaining({ flags: { is_spam: true } }),
        direction: 'in',
        quantity: { numeric: '1000' },
      },
    ])
    expect(spam[0]?.metadata.operationType).toBe('mint')
    // Listed tokens are never spam.
    expect(items.some((t) => t.transfers?.some((f) => f.fungible_info?.symbol === 'LDOG'))).toBe(
      true,
    )
  })

  it('shows a new transaction on the next first page, reading only what is new', async () => {
    const shop = cluster.seed.keys.accounts.shop
    const tx = await submitInstructions(cluster.ledger, shop, [
      getTransferSolInstruction({
        source: shop,
        destination: wallet(),
        amount: lamports(1_234_000n),
      }),
    ])
    const { body } = await getHistory(app, wallet(), { ...query, limit: '2' })
    expect(body.data[0]?.metadata.hash).toBe(tx.signature)
    expect(body.data[0]?.transfers?.[0]?.quantity.numeric).toBe('0.001234')
    const everything = (await allPages(app, wallet(), { ...query, limit: '100' })).flat()
    expect(everything.map((t) => t.metadata.hash)).toEqual(await signaturesFromCluster(wallet()))
  })

  it("answers bad input with the EVM routes' 400s", async () => {
    const notBase58 = await getHistory(app, '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', query)
    expect(notBase58).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ADDRESS' } } })
    const shortKey = await getHistory(app, '1111111111111111111111111111111', query)
    expect(shortKey.body.error?.code).toBe('INVALID_ADDRESS')
    const otherCluster = await getHistory(app, wallet(), {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(otherCluster).toMatchObject({
      status: 400,
      body: { error: { code: 'UNSUPPORTED_CHAIN' } },
    })
    const first = await getHistory(app, wallet(), { ...query, limit: '3' })
    const cursor = first.body.next as string
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}A`
    expect((await getHistory(app, wallet(), { ...query, cursor: tampered })).body.error?.code).toBe(
      'INVALID_CURSOR',
    )
    // A cursor is bound to its account: another account's page cannot be steered with it.
    const friend = cluster.seed.keys.accounts.friend.address
    expect((await getHistory(app, friend, { ...query, cursor })).body.error?.code).toBe(
      'INVALID_CURSOR',
    )
    // Without chainId, a base58 address goes to the one configured cluster.
    const implicit = await getHistory(app, wallet(), { limit: '3' })
    expect(implicit.body.data.map((t) => t.id)).toEqual(first.body.data.map((t) => t.id))
  })

  it('reads SOL and SPL balances from the cluster, listed names, spam left out', async () => {
    const balance = async (address: string, chainId = LOCAL_CLUSTER_CAIP2) => {
      const search = new URLSearchParams({ projectId: testProjectOf(app), chainId })
      const response = await app.inject({ url: `/v1/account/${address}/balance?${search}` })
      return { status: response.statusCode, body: response.json() }
    }
    const { status, body } = await balance(wallet())
    expect(status).toBe(200)
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const lamports = (await rpc.getBalance(wallet()).send()).value
    expect(body.balances[0]).toMatchObject({ symbol: 'SOL', chainId: LOCAL_CLUSTER_CAIP2 })
    expect(BigInt(Math.round(Number(body.balances[0].quantity.numeric) * 1e9))).toBe(lamports)
    const symbols = body.balances.map((b: { symbol: string }) => b.symbol)
    expect(symbols).toEqual(expect.arrayContaining(['SOL', 'LUSD', 'LDOG']))
    expect(symbols).toHaveLength(3)
    const usd = body.balances.find((b: { symbol: string }) => b.symbol === 'LUSD')
    expect(usd.address).toBe(`${LOCAL_CLUSTER_CAIP2}:${cluster.seed.keys.mints.usd.address}`)
    expect((await balance('not-an-address')).body.error.code).toBe('INVALID_ADDRESS')
    expect(
      (await balance(wallet(), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).body.error.code,
    ).toBe('UNSUPPORTED_CHAIN')
  })

  it('starts over when the cluster was reset, and says 502 while it is down', async () => {
    const before = (await allPages(app, wallet(), { ...query, limit: '100' })).flat()
    await cluster.stop()
    const down = await getHistory(app, wallet(), query)
    expect(down).toMatchObject({ status: 502, body: { error: { code: 'UPSTREAM_ERROR' } } })
    await start(port)
    const after = (await allPages(app, wallet(), { ...query, limit: '100' })).flat()
    expect(after.map((t) => t.metadata.hash)).toEqual(await signaturesFromCluster(wallet()))
    // A new run signs with new blockhashes: nothing of the old ledger survives.
    const old = new Set(before.map((t) => t.metadata.hash))
    expect(after.some((t) => old.has(t.metadata.hash))).toBe(false)
    expect(byHash(after, after[0]?.metadata.hash as string)).toBeDefined()
  })
})
