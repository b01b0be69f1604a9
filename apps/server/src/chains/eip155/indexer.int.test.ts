import { type Address, erc20Abi, type Hash, type PublicClient, parseEther } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../scripts/devchain/anvil.js'
import { artifact } from '../../../../../scripts/devchain/contracts/artifacts.js'
import {
  allPages,
  type Backend,
  compareHistoryWithChain,
  createWorld,
  getHistory,
  testProjectOf,
  type World,
} from './fixtures/harness.js'
import { splitterAbi, splitterBytecode } from './fixtures/splitter.js'
import type { Transaction } from './types.js'

const backends: Backend[] = ['pglite', 'postgres']

type AnvilWorld = World & { anvil: AnvilInstance }

async function setUp(backend: Backend): Promise<AnvilWorld> {
  const anvil = await startAnvil()
  return { ...(await createWorld(anvil.rpcUrl, backend)), anvil }
}

async function tearDown(world: AnvilWorld | undefined) {
  await world?.close()
  await world?.anvil.stop()
}

async function mined(client: PublicClient, hash: Hash) {
  return client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

async function expectHistoryMatchesChain(world: World, accounts: Address[], limit = '7') {
  const query = { chainId: `eip155:${DEV_CHAIN_ID}`, limit }
  expect(await compareHistoryWithChain(world.app, world.client, accounts, query)).toEqual([])
}

/** The sum of an account's native transfers in a tx, signed by direction. */
function nativeNet(tx: Transaction): bigint {
  let net = 0n
  for (const t of tx.transfers ?? []) {
    if (t.fungible_info?.symbol !== 'ETH') continue
    const wei = parseEther(t.quantity.numeric)
    if (t.direction === 'in') net += wei
    if (t.direction === 'out') net -= wei
  }
  return net
}

describe.each(backends)('indexer and history API on %s', (backend) => {
  let world: AnvilWorld
  const sent: Record<string, Hash> = {}
  let token: Address
  let splitter: Address

  beforeAll(async () => {
    world = await setUp(backend)
    const [a, b, c, d, e] = world.accounts as [Address, Address, Address, Address, Address]
    const w = world.wallet
    const send = async (key: string, hash: Promise<Hash>) => {
      sent[key] = await hash
      return mined(world.client, sent[key]!)
    }
    await send(
      'eth',
      w.sendTransaction({ account: a, to: b, value: parseEther('1.25'), chain: foundry }),
    )
    const { abi, bytecode } = artifact('LatchToken')
    const deployed = await send(
      'deploy',
      w.deployContract({
        account: a,
        abi,
        bytecode,
        args: ['Test USD', 'TUSD', 6],
        chain: foundry,
      }),
    )
    token = deployed.contractAddress!.toLowerCase() as Address
    await send(
      'mint',
      w.writeContract({
        account: a,
        address: token,
        abi,
        functionName: 'mint',
        args: [a, 1_000_000_000n],
        chain: foundry,
      }),
    )
    await send(
      'transfer',
      w.writeContract({
        account: a,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [b, 2_500_000n],
        chain: foundry,
      }),
    )
    await send(
      'approve',
      w.writeContract({
        account: b,
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [c, 10n],
        chain: foundry,
      }),
    )
    await send(
      'failed',
      w.writeContract({
        account: a,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [b, 10n ** 30n],
        gas: 100_000n,
        chain: foundry,
      }),
    )
    const split = await send(
      'deploySplitter',
      w.deployContract({
        account: c,
        abi: splitterAbi,
        bytecode: splitterBytecode,
        chain: foundry,
      }),
    )
    splitter = split.contractAddress!.toLowerCase() as Address
    await send(
      'split',
      w.writeContract({
        account: c,
        address: splitter,
        abi: splitterAbi,
        functionName: 'split',
        args: [d, e],
        value: 3n,
        chain: foundry,
      }),
    )
    await send(
      'splitFail',
      w.writeContract({
        account: c,
        address: splitter,
        abi: splitterAbi,
        functionName: 'splitAndFail',
        args: [d, e],
        value: 4n,
        gas: 200_000n,
        chain: foundry,
      }),
    )
    for (let i = 0; i < 17; i++)
      await send(
        `many${i}`,
        w.sendTransaction({ account: b, to: a, value: BigInt(i + 1), chain: foundry }),
      )
    await world.indexer().syncToHead()
  })
  afterAll(() => tearDown(world))

  it('lists every transaction of every account exactly once across pages', async () => {
    await expectHistoryMatchesChain(world, world.accounts.slice(0, 5))
    await expectHistoryMatchesChain(world, [token, splitter], '3')
  })

  it('gives each side of a transfer its direction, and amounts that match balance changes', async () => {
    const [a, b, c, d, e] = world.accounts as [Address, Address, Address, Address, Address]
    for (const account of [a, b, c, d, e]) {
      const items = (await allPages(world.app, account)).flat()
      for (const item of items) {
        const receipt = await world.client.getTransactionReceipt({
          hash: item.metadata.hash as Hash,
        })
        const before = await world.client.getBalance({
          address: account,
          blockNumber: receipt.blockNumber - 1n,
        })
        const after = await world.client.getBalance({
          address: account,
          blockNumber: receipt.blockNumber,
        })
        const fee =
          receipt.from.toLowerCase() === account ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
        // One transaction per block (automine), so the block's balance change is this tx's.
        expect(nativeNet(item), `${item.metadata.hash} for ${account}`).toBe(after - before + fee)
      }
    }
    const ethA = (await allPages(world.app, a)).flat().find((t) => t.metadata.hash === sent.eth)!
    const ethB = (await allPages(world.app, b)).flat().find((t) => t.metadata.hash === sent.eth)!
    expect(ethA.metadata.operationType).toBe('send')
    expect(ethA.transfers).toEqual([
      {
        fungible_info: { name: 'Ether', symbol: 'ETH' },
        direction: 'out',
        quantity: { numeric: '1.25' },
      },
    ])
    expect(ethB.metadata.operationType).toBe('receive')
    expect(ethB.transfers).toEqual([
      {
        fungible_info: { name: 'Ether', symbol: 'ETH' },
        direction: 'in',
        quantity: { numeric: '1.25' },
      },
    ])
    expect(ethA.metadata).toMatchObject({
      sentFrom: a,
      sentTo: b,
      status: 'confirmed',
      chain: 'eip155:31337',
    })
  })

  it('reads ERC-20 transfers with metadata from the token, and balances agree', async () => {
    const [a, b] = world.accounts as [Address, Address]
    const fromA = (await allPages(world.app, a))
      .flat()
      .find((t) => t.metadata.hash === sent.transfer)!
    const toB = (await allPages(world.app, b))
      .flat()
      .find((t) => t.metadata.hash === sent.transfer)!
    expect(fromA.metadata.operationType).toBe('send')
    expect(fromA.transfers).toEqual([
      {
        fungible_info: { name: 'Test USD', symbol: 'TUSD' },
        direction: 'out',
        quantity: { numeric: '2.5' },
      },
    ])
    expect(toB.metadata.operationType).toBe('receive')
    expect(toB.transfers).toEqual([
      {
        fungible_info: { name: 'Test USD', symbol: 'TUSD' },
        direction: 'in',
        quantity: { numeric: '2.5' },
      },
    ])
    const balanceB = await world.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [b],
    })
    expect(balanceB).toBe(2_500_000n)
    const mint = (await allPages(world.app, a)).flat().find((t) => t.metadata.hash === sent.mint)!
    expect(mint.metadata.operationType).toBe('mint')
    const deploy = (await allPages(world.app, a))
      .flat()
      .find((t) => t.metadata.hash === sent.deploy)!
    expect(deploy.metadata).toMatchObject({ operationType: 'deploy', sentTo: token })
    const approve = (await allPages(world.app, b))
      .flat()
      .find((t) => t.metadata.hash === sent.approve)!
    expect(approve.metadata.operationType).toBe('approve')
  })

  it('marks reverted transactions failed, with nothing moved', async () => {
    const [a, , c, d] = world.accounts as [Address, Address, Address, Address]
    for (const [account, key] of [
      [a, 'failed'],
      [c, 'splitFail'],
    ] as const) {
      const receipt = await world.client.getTransactionReceipt({ hash: sent[key]! })
      expect(receipt.status).toBe('reverted')
      const item = (await allPages(world.app, account))
        .flat()
        .find((t) => t.metadata.hash === sent[key])!
      expect(item.metadata.status).toBe('failed')
      expect(item.transfers).toEqual([])
    }
    const dHashes = (await allPages(world.app, d)).flat().map((t) => t.metadata.hash)
    expect(dHashes).toContain(sent.split)
    expect(dHashes).not.toContain(sent.splitFail)
  })

  it('answers the same for checksummed and lower-case addresses', async () => {
    const [a] = world.accounts as [Address]
    const checksummed = (await world.wallet.getAddresses())[0]!
    expect(checksummed).not.toBe(a)
    const lower = await getHistory(world.app, a, { limit: '5' })
    const mixed = await getHistory(world.app, checksummed, { limit: '5' })
    expect(mixed.status).toBe(200)
    expect(mixed.body.data).toEqual(lower.body.data)
  })

  it('rejects bad input with a 400 JSON error', async () => {
    const [a] = world.accounts as [Address]
    const badChecksum = `0x${a.slice(2, 3).toUpperCase()}${a.slice(3)}`
    const good = await getHistory(world.app, a, { limit: '2' })
    const forged = `${good.body.next!.split('.')[0]}.${'A'.repeat(22)}`
    const cases: [string, Record<string, string>, string][] = [
      ['0x1234', {}, 'INVALID_ADDRESS'],
      ['not-an-address', {}, 'INVALID_ADDRESS'],
      [badChecksum, {}, 'INVALID_ADDRESS'],
      [a, { chainId: 'eip155:1' }, 'UNSUPPORTED_CHAIN'],
      [a, { chainId: 'solana:abc' }, 'UNSUPPORTED_CHAIN'],
      [a, { cursor: 'garbage' }, 'INVALID_CURSOR'],
      [a, { cursor: forged }, 'INVALID_CURSOR'],
      [a, { cursor: good.body.next!, chainId: 'eip155:31337' }, 'INVALID_CURSOR'],
      [a, { limit: '0' }, 'INVALID_LIMIT'],
      [a, { limit: '101' }, 'INVALID_LIMIT'],
      [a, { limit: 'ten' }, 'INVALID_LIMIT'],
    ]
    for (const [address, query, code] of cases) {
      const { status, body } = await getHistory(world.app, address, query)
      expect({ address, query, status, code: body.error?.code }).toEqual({
        address,
        query,
        status: 400,
        code,
      })
      expect(typeof body.error?.message).toBe('string')
    }
    const chains = await world.app.inject({
      method: 'GET',
      url: `/v1/supported-chains?projectId=${testProjectOf(world.app)}`,
    })
    expect(chains.json()).toEqual({ http: ['eip155:31337'], ws: [] })
  })

  it('defaults to 50 items and allows at most 100', async () => {
    const [a] = world.accounts as [Address]
    const all = (await allPages(world.app, a, { limit: '100' })).flat()
    expect(all.length).toBeGreaterThan(20)
    const page = await getHistory(world.app, a)
    expect(page.body.data).toHaveLength(Math.min(50, all.length))
  })

  it('keeps pages stable while new blocks arrive', async () => {
    const [a, b] = world.accounts as [Address, Address]
    const before = (await allPages(world.app, b, { limit: '4' })).flat().map((t) => t.metadata.hash)
    const first = await getHistory(world.app, b, { limit: '4' })
    const seen = first.body.data.map((t) => t.metadata.hash)
    let cursor = first.body.next
    const indexer = world.indexer()
    while (cursor) {
      const hash = await world.wallet.sendTransaction({
        account: a,
        to: b,
        value: 1n,
        chain: foundry,
      })
      await mined(world.client, hash)
      await indexer.syncToHead()
      const page = await getHistory(world.app, b, { limit: '4', cursor })
      seen.push(...page.body.data.map((t) => t.metadata.hash))
      cursor = page.body.next
    }
    expect(seen).toEqual(before)
  })
})
