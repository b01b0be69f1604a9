import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import {
  allPages,
  type Backend,
  compareHistoryWithChain,
  createWorld,
  type World,
} from './fixtures/harness.js'
import { ChainIndexer, ReorgTooDeepError } from './indexer.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'

const backends: Backend[] = ['pglite', 'postgres']
const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit: '3' }

describe.each(backends)('reorgs on %s', (backend) => {
  let anvil: AnvilInstance
  let world: World

  beforeEach(async () => {
    anvil = await startAnvil()
    world = await createWorld(anvil.rpcUrl, backend)
  })
  afterEach(async () => {
    await world?.close()
    await anvil?.stop()
  })

  const send = async (from: Address, to: Address, value: bigint): Promise<Hash> => {
    const hash = await world.wallet.sendTransaction({ account: from, to, value, chain: foundry })
    await world.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return hash
  }
  const hashesOf = async (account: Address) =>
    (await allPages(world.app, account, query)).flat().map((t) => t.metadata.hash)

  it('replaces orphaned transactions when the chain gets shorter', async () => {
    const [a, b, c, d] = world.accounts as [Address, Address, Address, Address]
    const kept = await send(a, b, 1n)
    const snapshot = await world.test.snapshot()
    const orphans = [await send(a, b, 2n), await send(a, c, 3n), await send(b, c, 4n)]
    const indexer = world.indexer({ batchSize: 2 })
    await indexer.syncToHead()
    expect(await hashesOf(b)).toEqual(expect.arrayContaining([kept, ...orphans.slice(0, 1)]))

    await world.test.revert({ id: snapshot })
    const replacement = await send(a, d, parseEther('1'))
    const result = await indexer.syncToHead()
    expect(result.checkpoint).toBe(Number(await world.client.getBlockNumber({ cacheTime: 0 })))

    for (const account of [a, b, c, d]) {
      const hashes = await hashesOf(account)
      for (const orphan of orphans) expect(hashes).not.toContain(orphan)
    }
    expect(await hashesOf(d)).toEqual([replacement])
    expect(await compareHistoryWithChain(world.app, world.client, [a, b, c, d], query)).toEqual([])
  })

  it('notices a reorg at the same height (no new block above the checkpoint)', async () => {
    const [a, b, c] = world.accounts as [Address, Address, Address]
    await send(a, b, 1n)
    const snapshot = await world.test.snapshot()
    const orphan = await send(a, b, 2n)
    const indexer = world.indexer()
    await indexer.syncToHead()
    const height = Number(await world.client.getBlockNumber({ cacheTime: 0 }))

    await world.test.revert({ id: snapshot })
    const replacement = await send(a, c, 5n)
    expect(Number(await world.client.getBlockNumber({ cacheTime: 0 }))).toBe(height)
    await indexer.syncToHead()

    expect(await hashesOf(b)).not.toContain(orphan)
    expect(await hashesOf(c)).toEqual([replacement])
    expect(await compareHistoryWithChain(world.app, world.client, [a, b, c], query)).toEqual([])
  })

  it('rolls back to the common ancestor found by parent hash when the chain grows past it', async () => {
    const [a, b, c, d] = world.accounts as [Address, Address, Address, Address]
    await send(a, b, 1n)
    const snapshot = await world.test.snapshot()
    const orphans = [await send(a, b, 2n), await send(a, b, 3n)]
    const indexer = world.indexer({ batchSize: 10 })
    await indexer.syncToHead()

    await world.test.revert({ id: snapshot })
    const replacements: Hash[] = []
    for (let i = 0; i < 5; i++) replacements.push(await send(c, d, BigInt(10 + i)))
    const step = await indexer.step()
    expect(step.rolledBackTo).toBe(
      Number((await world.client.getTransactionReceipt({ hash: replacements[0]! })).blockNumber) -
        1,
    )
    await indexer.syncToHead()

    for (const orphan of orphans) expect(await hashesOf(b)).not.toContain(orphan)
    expect(new Set(await hashesOf(d))).toEqual(new Set(replacements))
    expect(await compareHistoryWithChain(world.app, world.client, [a, b, c, d], query)).toEqual([])
  })

  it('follows anvil_reorg', async () => {
    const [a, b, c] = world.accounts as [Address, Address, Address]
    for (let i = 0; i < 4; i++) await send(a, b, BigInt(i + 1))
    const indexer = world.indexer()
    await indexer.syncToHead()
    const before = await hashesOf(b)
    expect(before).toHaveLength(4)

    // Replace the last two blocks; one new transaction goes into the first replacement block.
    await world.client.request({
      method: 'anvil_reorg',
      params: [2, [[{ from: c, to: b, value: '0x7' }, 0]]],
    } as never)
    await indexer.syncToHead()

    const after = await hashesOf(b)
    expect(after).toHaveLength(3)
    expect(after.slice(-2)).toEqual(before.slice(-2))
    expect(await compareHistoryWithChain(world.app, world.client, [a, b, c], query)).toEqual([])
  })
})

describe('reorgs beyond the kept window (PGlite)', () => {
  const anvils: AnvilInstance[] = []
  let world: World
  afterEach(async () => {
    await world?.close()
    for (const anvil of anvils.splice(0)) await anvil.stop()
  })

  it('reindexes from scratch when the node now serves a new chain (new genesis)', async () => {
    const first = await startAnvil({ genesisTimestamp: 1_700_000_000 })
    anvils.push(first)
    world = await createWorld(first.rpcUrl, 'pglite')
    const [a, b, c] = world.accounts as [Address, Address, Address]
    for (let i = 0; i < 8; i++) {
      const hash = await world.wallet.sendTransaction({
        account: a,
        to: b,
        value: BigInt(i + 1),
        chain: foundry,
      })
      await world.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    const store = new ChainStore(world.db.handle.db, 3)
    const source = (rpcUrl: string) => new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl })
    await new ChainIndexer({ source: source(first.rpcUrl), store, batchSize: 2 }).syncToHead()
    expect(await hashesOf(b)).toHaveLength(8)

    // The dev chain is restarted from nothing: other genesis, other history, same chain id.
    const second = await startAnvil({ genesisTimestamp: 1_700_000_500 })
    anvils.push(second)
    const client = createPublicClient({
      chain: foundry,
      transport: http(second.rpcUrl),
    }) as PublicClient
    const wallet = createWalletClient({ chain: foundry, transport: http(second.rpcUrl) })
    const replacement = await wallet.sendTransaction({
      account: a,
      to: c,
      value: 9n,
      chain: foundry,
    })
    await client.waitForTransactionReceipt({ hash: replacement, pollingInterval: 20 })
    await new ChainIndexer({ source: source(second.rpcUrl), store, batchSize: 2 }).syncToHead()

    expect(await hashesOf(b)).toEqual([])
    expect(await hashesOf(c)).toEqual([replacement])
    expect(await compareHistoryWithChain(world.app, client, [a, b, c], query)).toEqual([])
  })

  it('stops with ReorgTooDeepError when a reorg goes below the kept blocks', async () => {
    const anvil = await startAnvil()
    anvils.push(anvil)
    world = await createWorld(anvil.rpcUrl, 'pglite')
    const [a, b, c] = world.accounts as [Address, Address, Address]
    const snapshot = await world.test.snapshot()
    for (let i = 0; i < 10; i++) {
      const hash = await world.wallet.sendTransaction({
        account: a,
        to: b,
        value: BigInt(i + 1),
        chain: foundry,
      })
      await world.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    const indexer = new ChainIndexer({
      source: new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: anvil.rpcUrl }),
      store: new ChainStore(world.db.handle.db, 3),
      batchSize: 2,
    })
    await indexer.syncToHead()
    await world.test.revert({ id: snapshot })
    for (let i = 0; i < 12; i++) {
      const hash = await world.wallet.sendTransaction({
        account: a,
        to: c,
        value: BigInt(i + 1),
        chain: foundry,
      })
      await world.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    await expect(indexer.syncToHead()).rejects.toThrow(ReorgTooDeepError)
  })

  const hashesOf = async (account: Address) =>
    (await allPages(world.app, account, query)).flat().map((t) => t.metadata.hash)
})
