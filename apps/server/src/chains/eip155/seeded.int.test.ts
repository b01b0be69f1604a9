import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import {
  demoAccounts,
  genesisTimestampFor,
  seedDevChain,
} from '../../../../../scripts/devchain/seed.js'
import { allPages, compareHistoryWithChain, createWorld, type World } from './fixtures/harness.js'

const now = new Date()

describe('the seeded dev chain', () => {
  let anvil: AnvilInstance
  let world: World

  beforeAll(async () => {
    anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
    await seedDevChain(anvil.rpcUrl, { now })
    world = await createWorld(anvil.rpcUrl, 'postgres')
    await world.indexer({ batchSize: 50 }).syncToHead()
  }, 300_000)
  afterAll(async () => {
    await world?.close()
    await anvil?.stop()
  })

  it('lists every transaction of the demo accounts exactly once across pages', {
    timeout: 240_000,
  }, async () => {
    const accounts = demoAccounts.map((a) => a.toLowerCase() as Address)
    for (const limit of ['50', '13'])
      expect(
        await compareHistoryWithChain(world.app, world.client, accounts, {
          chainId: `eip155:${DEV_CHAIN_ID}`,
          limit,
        }),
      ).toEqual([])
  })

  it('flags the seeded spam collection and not the real NFT', async () => {
    const items = (await allPages(world.app, demoAccounts[0], { limit: '100' })).flat()
    const nfts = items
      .flatMap((t) => t.transfers ?? [])
      .flatMap((t) => (t.nft_info ? [t.nft_info] : []))
    const spam = nfts.filter((n) => n.name?.startsWith('Claim reward'))
    const pass = nfts.filter((n) => n.name?.startsWith('Latch Pass'))
    expect(spam.length).toBeGreaterThan(0)
    expect(pass.length).toBeGreaterThan(0)
    expect(spam.every((n) => n.flags.is_spam)).toBe(true)
    expect(pass.every((n) => !n.flags.is_spam)).toBe(true)
    expect(
      nfts.filter((n) => n.flags.is_spam).every((n) => n.name?.startsWith('Claim reward')),
    ).toBe(true)
  })

  it('spans years of history with each operation type the seed produces', async () => {
    const items = (await allPages(world.app, demoAccounts[0], { limit: '100' })).flat()
    const years = new Set(items.map((t) => t.metadata.minedAt.slice(0, 4)))
    expect(years.size).toBeGreaterThanOrEqual(3)
    const types = new Set(items.map((t) => t.metadata.operationType))
    for (const type of ['send', 'receive', 'mint', 'trade', 'approve', 'execute'])
      expect(types).toContain(type)
    expect(items.some((t) => t.metadata.status === 'failed')).toBe(true)
  })
})
