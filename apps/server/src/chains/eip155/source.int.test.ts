import type { Address, Hash } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { allPages, compareHistoryWithChain, createWorld, type World } from './fixtures/harness.js'
import { startRpcProxy } from './fixtures/rpc-proxy.js'
import { splitterAbi, splitterBytecode } from './fixtures/splitter.js'
import { ChainIndexer } from './indexer.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'

const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit: '4' }

describe('optional RPC methods and their fallbacks', () => {
  let anvil: AnvilInstance
  let setup: World
  let split: Hash
  let accounts: Address[]

  beforeAll(async () => {
    anvil = await startAnvil()
    setup = await createWorld(anvil.rpcUrl, 'pglite')
    accounts = setup.accounts
    const [a, b, c, d] = accounts as [Address, Address, Address, Address]
    const w = setup.wallet
    const deployed = await setup.client.waitForTransactionReceipt({
      hash: await w.deployContract({
        account: a,
        abi: splitterAbi,
        bytecode: splitterBytecode,
        chain: foundry,
      }),
    })
    split = await w.writeContract({
      account: b,
      address: deployed.contractAddress!,
      abi: splitterAbi,
      functionName: 'split',
      args: [c, d],
      value: 1000n,
      chain: foundry,
    })
    await w.sendTransaction({ account: a, to: b, value: 5n, chain: foundry })
    await setup.client.waitForTransactionReceipt({ hash: split })
  })
  afterAll(async () => {
    await setup?.close()
    await anvil?.stop()
  })

  async function indexThrough(blocked: string[]) {
    const proxy = await startRpcProxy(anvil.rpcUrl, new Set(blocked))
    const world = await createWorld(anvil.rpcUrl, 'pglite')
    const source = new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: proxy.url })
    await new ChainIndexer({ source, store: new ChainStore(world.db.handle.db) }).syncToHead()
    return { proxy, world, source }
  }

  it('uses eth_getBlockReceipts and trace_block when the node has them', async () => {
    const { proxy, world, source } = await indexThrough([])
    try {
      expect(source.receiptsMode).toBe('eth_getBlockReceipts')
      expect(source.traceMode).toBe('trace_block')
      expect(proxy.calls).not.toContain('eth_getTransactionReceipt')
      expect(
        await compareHistoryWithChain(world.app, setup.client, accounts.slice(0, 4), query),
      ).toEqual([])
    } finally {
      await world.close()
      await proxy.close()
    }
  })

  it('falls back to per-transaction receipts and debug_traceBlockByNumber', async () => {
    const { proxy, world, source } = await indexThrough(['eth_getBlockReceipts', 'trace_block'])
    try {
      expect(source.receiptsMode).toBe('per_transaction')
      expect(source.traceMode).toBe('debug_callTracer')
      expect(proxy.calls).toContain('eth_getTransactionReceipt')
      expect(
        await compareHistoryWithChain(world.app, setup.client, accounts.slice(0, 4), query),
      ).toEqual([])
      const [, , c] = accounts as [Address, Address, Address]
      const item = (await allPages(world.app, c)).flat().find((t) => t.metadata.hash === split)
      expect(item?.transfers).toEqual([
        {
          fungible_info: { name: 'Ether', symbol: 'ETH' },
          direction: 'in',
          quantity: { numeric: '0.0000000000000005' },
        },
      ])
    } finally {
      await world.close()
      await proxy.close()
    }
  })

  it('indexes without internal transfers when the node cannot trace at all', async () => {
    const { proxy, world, source } = await indexThrough(['trace_block', 'debug_traceBlockByNumber'])
    try {
      expect(source.traceMode).toBe('none')
      const [a, b, c] = accounts as [Address, Address, Address]
      // Everything but the internal transfers is still there.
      expect(await compareHistoryWithChain(world.app, setup.client, [a, b], query)).toEqual([])
      expect((await allPages(world.app, c)).flat().map((t) => t.metadata.hash)).not.toContain(split)
    } finally {
      await world.close()
      await proxy.close()
    }
  })
})
