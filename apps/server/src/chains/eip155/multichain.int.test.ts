import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  startAnvil,
  TEST_MNEMONIC,
} from '../../../../../scripts/devchain/anvil.js'
import {
  allPages,
  buildTestApp,
  openTestDb,
  participationFromChain,
  type TestDb,
  testProjectOf,
} from './fixtures/harness.js'
import { ChainIdMismatchError, ChainIndexer } from './indexer.js'
import { BlockSource } from './source.js'
import { ChainStore } from './store.js'

const CHAINS = [31337, 1337] as const

describe('several chains in one database', () => {
  const anvils: AnvilInstance[] = []
  const clients: PublicClient[] = []
  const wallets: WalletClient[] = []
  let db: TestDb
  let accounts: Address[]

  beforeAll(async () => {
    for (const chainId of CHAINS) {
      const anvil = await startAnvil()
      const transport = http(anvil.rpcUrl)
      const client = createPublicClient({ transport }) as PublicClient
      if (chainId !== 31337)
        await client.request({ method: 'anvil_setChainId', params: [chainId] } as never)
      anvils.push(anvil)
      clients.push(client)
      // Signed here: anvil's own signers keep the chain id it started with.
      const chain = defineChain({
        id: chainId,
        name: `test ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      })
      wallets.push(
        createWalletClient({ transport, chain, account: mnemonicToAccount(TEST_MNEMONIC) }),
      )
    }
    accounts = [0, 1, 2, 3].map(
      (addressIndex) =>
        mnemonicToAccount(TEST_MNEMONIC, { addressIndex }).address.toLowerCase() as Address,
    )
    db = await openTestDb('pglite')
    // Interleaved, so timestamps tie across chains and the chain id has to break ties.
    for (let i = 0; i < 12; i++) {
      const side = i % 2
      const wallet = wallets[side]!
      const hash: Hash = await wallet.sendTransaction({
        account: wallet.account!,
        chain: wallet.chain,
        to: accounts[1 + (i % 3)]!,
        value: BigInt(i + 1),
      })
      await clients[side]!.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    const store = new ChainStore(db.handle.db)
    for (const [i, chainId] of CHAINS.entries())
      await new ChainIndexer({
        source: new BlockSource({ chainId, rpcUrl: anvils[i]!.rpcUrl }),
        store,
      }).syncToHead()
  })
  afterAll(async () => {
    await db?.close()
    for (const anvil of anvils) await anvil.stop()
  })

  it('merges every chain newest first without chainId, each transaction exactly once', async () => {
    const app = await buildTestApp(db.handle, [...CHAINS])
    try {
      for (const account of accounts.slice(0, 4)) {
        const expected = new Set<string>()
        for (const [i, chainId] of CHAINS.entries()) {
          const head = Number(await clients[i]!.getBlockNumber({ cacheTime: 0 }))
          const participation = await participationFromChain(clients[i]!, 0, head)
          for (const hash of participation.get(account) ?? [])
            expected.add(`eip155:${chainId}:${hash}`)
        }
        const items = (await allPages(app, account, { limit: '3' })).flat()
        const ids = items.map((t) => t.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(new Set(ids)).toEqual(expected)
        for (let i = 1; i < items.length; i++)
          expect(items[i - 1]!.metadata.minedAt >= items[i]!.metadata.minedAt).toBe(true)
        const only = (await allPages(app, account, { chainId: 'eip155:1337', limit: '2' })).flat()
        expect(new Set(only.map((t) => t.id))).toEqual(
          new Set([...expected].filter((id) => id.startsWith('eip155:1337:'))),
        )
        expect(only.every((t) => t.metadata.chain === 'eip155:1337')).toBe(true)
      }
      expect(
        (await app.inject(`/v1/supported-chains?projectId=${testProjectOf(app)}`)).json(),
      ).toEqual({
        http: ['eip155:1337', 'eip155:31337'],
        ws: [],
      })
    } finally {
      await app.close()
    }
  })

  it('refuses to index a node whose chain id is not the configured one', async () => {
    const indexer = new ChainIndexer({
      source: new BlockSource({ chainId: 10, rpcUrl: anvils[0]!.rpcUrl }),
      store: new ChainStore(db.handle.db),
    })
    await expect(indexer.step()).rejects.toThrow(ChainIdMismatchError)
  })
})
