import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devTokens } from '../../../../../../scripts/devchain/accounts.js'
import {
  type AnvilInstance,
  startAnvil,
  TEST_MNEMONIC,
} from '../../../../../../scripts/devchain/anvil.js'
import { dexContracts } from '../../../../../../scripts/devchain/dex/addresses.js'
import { installDex } from '../../../../../../scripts/devchain/dex/install.js'
import { genesisTimestampFor, seedDevChain } from '../../../../../../scripts/devchain/seed.js'
import { APP_ORIGIN, type AuthTestApp, openAuthTestApp } from '../../../auth/testing.js'
import { routerAbi } from './dex.js'

const NOW = new Date('2026-02-10T15:00:00Z')
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const LUSD = `eip155:31337:${devTokens.lusd.address}`
const DEMO = `eip155:31337:${devTokens.demo.address}`
const trader = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 6 })
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])

let anvil: AnvilInstance
let chain: PublicClient
let t: AuthTestApp
beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
  await seedDevChain(anvil.rpcUrl, { now: NOW })
  await installDex(anvil.rpcUrl)
  chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_SWAP_DEX_ROUTERS: `eip155:31337=${dexContracts.router02}`,
    LATCH_SWAP_USD_TOKENS: `eip155:31337=${devTokens.lusd.address}`,
  })
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

async function get(path: string, query: Record<string, string>) {
  const q = new URLSearchParams({ projectId: t.projectId, ...query })
  const res = await t.app.inject({ url: `${path}?${q}`, headers: { origin: APP_ORIGIN } })
  return { status: res.statusCode, body: res.json() }
}
async function post(path: string, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}?projectId=${t.projectId}`,
    headers: { origin: APP_ORIGIN },
    payload,
  })
  return { status: res.statusCode, body: res.json() }
}
const quote = (from: string, to: string, amount: string) =>
  get('/v1/convert/quotes', { from, to, amount, userAddress: trader.address })
const routerOut = async (amount: bigint, path: Address[]) =>
  (
    await chain.readContract({
      address: dexContracts.router02,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
  ).at(-1)

async function send(tx: { to: string; data: string; value: string }) {
  const wallet = createWalletClient({ account: trader, transport: http(anvil.rpcUrl) })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
  })
  return chain.waitForTransactionReceipt({ hash })
}
const lusdOf = (address: Address) =>
  chain.readContract({
    address: devTokens.lusd.address,
    abi: erc20,
    functionName: 'balanceOf',
    args: [address],
  })

describe('the convert API on the dev chain', () => {
  it('lists ETH and the pools’ tokens as CAIP-10 ids', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: 'eip155:31337' })
    expect(status).toBe(200)
    const symbols = body.tokens.map((token: { symbol: string }) => token.symbol).sort()
    expect(symbols).toEqual(['DEMO', 'ETH', 'LUSD'])
    expect(body.tokens).toContainEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: ETH,
      decimals: 18,
      logoUri: '',
    })
  })

  it('quotes exactly what the router’s own getAmountsOut says, direct and through WETH', async () => {
    const cases: [string, string, bigint, Address[]][] = [
      [ETH, LUSD, parseEther('1.5'), [dexContracts.weth9, devTokens.lusd.address]],
      [LUSD, ETH, 2_500_000_000n, [devTokens.lusd.address, dexContracts.weth9]],
      [LUSD, DEMO, 1_000_000n, [devTokens.lusd.address, devTokens.demo.address]],
      [DEMO, ETH, parseEther('77'), [devTokens.demo.address, dexContracts.weth9]],
    ]
    for (const [from, to, amount, path] of cases) {
      const { status, body } = await quote(from, to, amount.toString())
      expect(status).toBe(200)
      expect(body.quotes).toEqual([
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: from,
          toAmount: String(await routerOut(amount, path)),
          toAccount: to,
        },
      ])
    }
  })

  it('swaps ETH → LUSD with the built transaction, getting at least the quote less 1 %', async () => {
    const amount = parseEther('0.25')
    const { body: q } = await quote(ETH, LUSD, amount.toString())
    const { status, body } = await post('/v1/convert/build-transaction', {
      projectId: t.projectId,
      amount: amount.toString(),
      from: ETH,
      to: LUSD,
      userAddress: trader.address,
      eip155: { slippage: '1' },
    })
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({
      from: trader.address,
      to: dexContracts.router02,
      value: amount.toString(),
    })
    expect(BigInt(body.tx.eip155.gas)).toBeGreaterThan(21_000n)
    const before = await lusdOf(trader.address)
    expect((await send(body.tx)).status).toBe('success')
    const got = (await lusdOf(trader.address)) - before
    // Nothing else traded in between: exactly the quote.
    expect(got).toBe(BigInt(q.quotes[0].toAmount))
  })

  it('swaps LUSD → ETH after the approval the allowance route asks for', async () => {
    const amount = 100_000_000n
    const allowance = await get('/v1/convert/allowance', {
      tokenAddress: LUSD,
      userAddress: trader.address,
    })
    expect(allowance).toEqual({ status: 200, body: { allowance: '0' } })
    const approve = await get('/v1/convert/build-approve', {
      from: LUSD,
      to: ETH,
      amount: amount.toString(),
      userAddress: trader.address,
    })
    expect(approve.status).toBe(200)
    expect(approve.body.tx.to).toBe(devTokens.lusd.address)
    expect((await send(approve.body.tx)).status).toBe('success')
    const after = await get('/v1/convert/allowance', {
      tokenAddress: LUSD,
      userAddress: trader.address,
    })
    expect(after.body.allowance).toBe(amount.toString())
    const { body: q } = await quote(LUSD, ETH, amount.toString())
    const { body } = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      from: LUSD,
      to: ETH,
      userAddress: trader.address,
      eip155: { slippage: '0.5' },
    })
    const ethBefore = await chain.getBalance({ address: trader.address })
    const receipt = await send(body.tx)
    expect(receipt.status).toBe('success')
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await chain.getBalance({ address: trader.address })) - ethBefore + fee).toBe(
      BigInt(q.quotes[0].toAmount),
    )
  })

  it('answers gas price tiers, and prices tokens in USD against LUSD', async () => {
    const gas = await get('/v1/convert/gas-price', { chainId: 'eip155:31337' })
    expect(gas.status).toBe(200)
    expect(BigInt(gas.body.fast)).toBeGreaterThanOrEqual(BigInt(gas.body.standard))
    const { status, body } = await post('/v1/fungible/price', {
      currency: 'usd',
      addresses: [LUSD, ETH, DEMO],
    })
    expect(status).toBe(200)
    const [lusd, eth, demo] = body.fungibles
    expect(lusd).toMatchObject({ symbol: 'LUSD', price: 1 })
    expect(eth.symbol).toBe('ETH')
    expect(eth.price).toBeGreaterThan(2900)
    expect(eth.price).toBeLessThan(3100)
    expect(demo.price).toBeGreaterThan(0.45)
    expect(demo.price).toBeLessThan(0.55)
    // The pool's own price, before the fee and a trade's impact: LUSD reserves over ETH's.
    const pair = await chain.readContract({
      address: dexContracts.factory,
      abi: parseAbi(['function getPair(address, address) view returns (address)']),
      functionName: 'getPair',
      args: [dexContracts.weth9, devTokens.lusd.address],
    })
    const pairAbi = parseAbi([
      'function token0() view returns (address)',
      'function getReserves() view returns (uint112, uint112, uint32)',
    ])
    const token0 = await chain.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
    const [r0, r1] = await chain.readContract({
      address: pair,
      abi: pairAbi,
      functionName: 'getReserves',
    })
    const [lusdReserve, wethReserve] =
      token0.toLowerCase() === devTokens.lusd.address.toLowerCase() ? [r0, r1] : [r1, r0]
    const mid = Number(lusdReserve) / 1e6 / (Number(wethReserve) / 1e18)
    expect(eth.price).toBeCloseTo(mid, 6)
  })

  it('advertises swaps in the remote config', async () => {
    const res = await t.app.inject({
      url: `/appkit/v1/config?projectId=${t.projectId}`,
      headers: { origin: APP_ORIGIN },
    })
    const swap = res.json().features.find((f: { id: string }) => f.id === 'swap')
    expect(swap).toEqual({ id: 'swap', isEnabled: true, config: ['dex'] })
  })
})

describe('hostile input gets a clear 400', () => {
  const cases: [string, Record<string, string>, string][] = [
    [
      'an unknown token',
      { from: ETH, to: 'eip155:31337:0x1111111111111111111111111111111111111111', amount: '1000' },
      'SWAP_TOKEN_UNKNOWN',
    ],
    ['a zero amount', { from: ETH, to: LUSD, amount: '0' }, 'SWAP_BAD_AMOUNT'],
    ['a negative amount', { from: ETH, to: LUSD, amount: '-5' }, 'SWAP_BAD_AMOUNT'],
    ['a decimal amount', { from: ETH, to: LUSD, amount: '1.5' }, 'SWAP_BAD_AMOUNT'],
    [
      'an amount past uint256',
      { from: ETH, to: LUSD, amount: (2n ** 256n).toString() },
      'SWAP_BAD_AMOUNT',
    ],
    [
      'an amount the pools overflow on',
      { from: ETH, to: LUSD, amount: (2n ** 250n).toString() },
      'SWAP_NO_LIQUIDITY',
    ],
    [
      'an amount too small to buy anything',
      { from: ETH, to: LUSD, amount: '1' },
      'SWAP_AMOUNT_TOO_SMALL',
    ],
    [
      'a CAIP id without a chain',
      { from: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: LUSD, amount: '1' },
      'SWAP_BAD_TOKEN',
    ],
    ['a short address', { from: ETH, to: 'eip155:31337:0x1234', amount: '1' }, 'SWAP_BAD_TOKEN'],
    [
      'a wrong checksum',
      {
        from: ETH,
        to: `eip155:31337:${devTokens.lusd.address.slice(0, -1)}${devTokens.lusd.address.at(-1) === 'a' ? 'A' : 'a'}`,
        amount: '1',
      },
      'SWAP_BAD_TOKEN',
    ],
    [
      'a Solana id',
      {
        from: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
        to: LUSD,
        amount: '1',
      },
      'SWAP_BAD_TOKEN',
    ],
    [
      'two chains',
      { from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: LUSD, amount: '1' },
      'SWAP_CROSS_CHAIN',
    ],
    ['the same token twice', { from: LUSD, to: LUSD, amount: '1000' }, 'SWAP_SAME_TOKEN'],
  ]
  it.each(cases)('%s', async (_name, query, code) => {
    const { status, body } = await quote(
      query.from as string,
      query.to as string,
      query.amount as string,
    )
    expect({ status, code: body.error?.code }).toEqual({ status: 400, code })
    expect(body.error.message.length).toBeGreaterThan(10)
  })

  it("says 'Network not supported for Swaps' and '… for Gas Price' as the seed does", async () => {
    const tokens = await get('/v1/convert/tokens', { chainId: 'eip155:1' })
    expect(tokens.status).toBe(400)
    expect(tokens.body.error.message).toMatch(/^Network not supported for Swaps/)
    const q = await quote(
      'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      '1000',
    )
    expect(q.body.error.message).toMatch(/^Network not supported for Swaps/)
    const gas = await get('/v1/convert/gas-price', { chainId: 'eip155:1' })
    expect(gas.status).toBe(400)
    expect(gas.body.error.message).toMatch(/^Network not supported for Gas Price/)
  })

  it('refuses a slippage above 50 % or a permit, and an unknown project', async () => {
    const base = { amount: '1000', from: ETH, to: LUSD, userAddress: trader.address }
    const steep = await post('/v1/convert/build-transaction', {
      ...base,
      eip155: { slippage: '80' },
    })
    expect(steep.body.error.code).toBe('SWAP_BAD_SLIPPAGE')
    const permit = await post('/v1/convert/build-transaction', {
      ...base,
      eip155: { permit: '0x00' },
    })
    expect(permit.body.error.code).toBe('SWAP_PERMIT_UNSUPPORTED')
    const res = await t.app.inject({
      url: `/v1/convert/tokens?projectId=nope&chainId=eip155:31337`,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe("the reference client's POSTs, which name the project in the body only", () => {
  const price = (
    headers: Record<string, string>,
    url = '/v1/fungible/price',
    projectId = t.projectId,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { projectId, currency: 'usd', addresses: [LUSD] },
    })

  it('are served for an allowed origin, preflight included', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/fungible/price',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
    const res = await price({ origin: APP_ORIGIN })
    expect(res.statusCode).toBe(200)
    expect(res.json().fungibles[0].symbol).toBe('LUSD')
  })

  it("are refused for an origin outside the body's project list, and for another project's id", async () => {
    const stranger = await price({ origin: 'https://evil.example' })
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json().error.code).toBe('ORIGIN_NOT_ALLOWED')
    expect(
      (await price({ origin: APP_ORIGIN }, '/v1/fungible/price', 'no-such-project')).statusCode,
    ).toBe(403)
    const mismatch = await price({ origin: APP_ORIGIN }, `/v1/fungible/price?projectId=other`)
    expect(mismatch.json().error.code).toBe('SWAP_PROJECT_MISMATCH')
  })
})
