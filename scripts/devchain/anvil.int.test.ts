import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, DEV_CHAIN_ID, probeChain, startAnvil } from './anvil.js'

describe('startAnvil', () => {
  let anvil: AnvilInstance
  const genesis = Math.floor(Date.UTC(2023, 0, 1) / 1000)
  beforeAll(async () => {
    anvil = await startAnvil({ genesisTimestamp: genesis })
  })
  afterAll(() => anvil.stop())

  it('serves the dev chain id with a past genesis', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(DEV_CHAIN_ID)
    const block = await client.getBlock({ blockNumber: 0n })
    expect(Number(block.timestamp)).toBe(genesis)
  })

  it('stops cleanly, after which nothing answers', async () => {
    const other = await startAnvil()
    expect(await probeChain(other.rpcUrl)).toBe(DEV_CHAIN_ID)
    await other.stop()
    expect(await probeChain(other.rpcUrl, 300)).toBeNull()
  })
})
