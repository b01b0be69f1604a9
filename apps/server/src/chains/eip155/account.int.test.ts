import { type Address, erc20Abi, formatEther, formatUnits, type Hash } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../../scripts/devchain/anvil.js'
import { artifact } from '../../../../../scripts/devchain/contracts/artifacts.js'
import {
  type Backend,
  buildTestApp,
  createWorld,
  testProjectOf,
  type World,
} from './fixtures/harness.js'

const backends: Backend[] = ['pglite', 'postgres']

type Balance = {
  name: string
  symbol: string
  chainId: string
  address?: string
  price: number | null
  quantity: { decimals: string; numeric: string }
}

describe.each(backends)('balance and identity on %s', (backend) => {
  let anvil: AnvilInstance
  let world: World
  let token: Address

  beforeAll(async () => {
    anvil = await startAnvil()
    world = await createWorld(anvil.rpcUrl, backend)
    const [a, b] = world.accounts as [Address, Address]
    const mined = async (hash: Promise<Hash>) =>
      world.client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 })
    const { abi, bytecode } = artifact('LatchToken')
    const deployed = await mined(
      world.wallet.deployContract({
        account: a,
        abi,
        bytecode,
        args: ['Test USD', 'TUSD', 6],
        chain: foundry,
      }),
    )
    token = deployed.contractAddress!.toLowerCase() as Address
    const write = (account: Address, functionName: string, args: unknown[]) =>
      mined(
        world.wallet.writeContract({
          account,
          address: token,
          abi,
          functionName,
          args,
          chain: foundry,
        } as never),
      )
    await write(a, 'mint', [a, 5_000_000n])
    await write(a, 'transfer', [b, 1_250_000n])
    await write(b, 'transfer', [a, 250_000n])
    await world.indexer().syncToHead()
  })
  afterAll(async () => {
    await world?.close()
    await anvil?.stop()
  })

  const get = (app = world.app, path: string, origin?: string) =>
    app.inject({
      method: 'GET',
      url: `${path}${path.includes('?') ? '&' : '?'}projectId=${testProjectOf(app)}`,
      headers: origin ? { origin } : {},
    })

  it('native balance from the chain, ERC-20 balances from the index, equal to the chain', async () => {
    for (const account of world.accounts.slice(0, 3) as Address[]) {
      const res = await get(
        world.app,
        `/v1/account/${account}/balance?chainId=eip155:31337&currency=usd`,
      )
      expect(res.statusCode).toBe(200)
      const { balances } = res.json() as { balances: Balance[] }
      const native = balances.find((b) => !b.address)!
      expect(native).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337', price: null })
      expect(native.quantity.numeric).toBe(
        formatEther(await world.client.getBalance({ address: account })),
      )
      const onChain = await world.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      })
      const tusd = balances.find((b) => b.address === `eip155:31337:${token}`)
      if (onChain === 0n) expect(tusd).toBeUndefined()
      else
        expect(tusd).toMatchObject({
          symbol: 'TUSD',
          name: 'Test USD',
          price: null,
          quantity: { decimals: '6', numeric: formatUnits(onChain, 6) },
        })
    }
  })

  it('refuses a bad address, an unknown chain and an unknown project with JSON errors', async () => {
    const bad = await get(world.app, '/v1/account/0x123/balance?chainId=eip155:31337')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.code).toBe('INVALID_ADDRESS')
    const chain = await get(
      world.app,
      `/v1/account/${world.accounts[0]}/balance?chainId=eip155:8453`,
    )
    expect(chain.statusCode).toBe(400)
    expect(chain.json().error.code).toBe('UNSUPPORTED_CHAIN')
    const unknown = await world.app.inject(
      `/v1/account/${world.accounts[0]}/balance?chainId=eip155:31337&projectId=ffffffffffffffffffffffffffffffff`,
    )
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json().error.code).toBe('INVALID_PROJECT_ID')
    const foreign = await get(
      world.app,
      `/v1/account/${world.accounts[0]}/balance?chainId=eip155:31337`,
      'https://evil.example',
    )
    expect(foreign.statusCode).toBe(403)
    expect(JSON.stringify(foreign.json())).not.toContain('quantity')
  })

  it('identity is empty without a chain 1 upstream, and empty (not an error) when lookups fail', async () => {
    const path = `/v1/identity/${world.accounts[0]}?sender=${world.accounts[0]}`
    const none = await get(world.app, path)
    expect(none.statusCode).toBe(200)
    expect(none.json()).toEqual({ name: null, avatar: null, avatarRecord: null })
    // A "mainnet" upstream without the ENS contracts: the lookup fails, the answer stays empty.
    const noEns = await buildTestApp(
      world.db.handle,
      [31337],
      new Map(),
      new Map([[1, anvil.rpcUrl]]),
    )
    try {
      const res = await get(noEns, path)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ name: null, avatar: null, avatarRecord: null })
    } finally {
      await noEns.close()
    }
    const bad = await get(world.app, '/v1/identity/not-an-address')
    expect(bad.statusCode).toBe(400)
  })
})
