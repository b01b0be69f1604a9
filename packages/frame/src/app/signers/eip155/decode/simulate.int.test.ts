import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../../../../scripts/devchain/anvil.js'
import { artifact } from '../../../../../../../scripts/devchain/contracts/artifacts.js'
import { reviewTransaction } from '../review.js'
import { type Request, simulateTransaction } from './simulate.js'

// Simulation against a real node: anvil with the dev chain's token, item and Reverter contracts.
let anvil: AnvilInstance
let request: Request
const user = mnemonicToAccount('test test test test test test test test test test test junk')
const OTHER = '0x000000000000000000000000000000000000bEEF'
let token: Address
let items: Address
let reverter: Address

async function deploy(
  client: ReturnType<typeof walletFor>,
  name: 'LatchToken' | 'LatchItems' | 'Reverter',
  args: unknown[],
) {
  const { abi, bytecode } = artifact(name)
  const hash = await client.deployContract({ abi, bytecode, args } as never)
  return (await client.waitForTransactionReceipt({ hash })).contractAddress!
}
const walletFor = (url: string) =>
  createWalletClient({ account: user, chain: foundry, transport: http(url) }).extend(publicActions)

beforeAll(async () => {
  anvil = await startAnvil()
  const transport = http(anvil.rpcUrl)({ chain: undefined })
  request = (args) => transport.request(args as never)
  const client = walletFor(anvil.rpcUrl)
  token = await deploy(client, 'LatchToken', ['Latch Token', 'LT', 18])
  items = await deploy(client, 'LatchItems', ['Latch Items', 'LI', 'https://x/{id}'])
  reverter = await deploy(client, 'Reverter', [])
  const wait = async (hash: Hex) => client.waitForTransactionReceipt({ hash })
  await wait(
    await client.writeContract({
      address: token,
      abi: artifact('LatchToken').abi,
      functionName: 'mint',
      args: [user.address, parseUnits('100', 18)],
    }),
  )
  await wait(
    await client.writeContract({
      address: items,
      abi: artifact('LatchItems').abi,
      functionName: 'mint',
      args: [user.address, 7n, 5n],
    }),
  )
})
afterAll(() => anvil?.stop())

const transfer = (amount: bigint) =>
  encodeFunctionData({
    abi: artifact('LatchToken').abi,
    functionName: 'transfer',
    args: [OTHER, amount],
  })

describe('simulateTransaction on anvil', () => {
  it('reports native and ERC-20 amounts the account would send', async () => {
    expect(
      await simulateTransaction(request, {
        from: user.address,
        to: OTHER,
        value: parseEther('0.5'),
      }),
    ).toEqual({
      status: 'success',
      effects: [{ kind: 'native', amount: -parseEther('0.5') }],
      source: 'simulation',
    })
    const erc20 = await simulateTransaction(request, {
      from: user.address,
      to: token,
      data: transfer(parseUnits('30', 18)),
    })
    expect(erc20).toEqual({
      status: 'success',
      effects: [{ kind: 'erc20', token: token.toLowerCase(), amount: -parseUnits('30', 18) }],
      source: 'simulation',
    })
  })

  it('reports ERC-1155 items and what the account receives', async () => {
    const data = encodeFunctionData({
      abi: artifact('LatchItems').abi,
      functionName: 'safeTransferFrom',
      args: [user.address, OTHER, 7n, 2n, '0x'],
    })
    const sent = await simulateTransaction(request, { from: user.address, to: items, data })
    expect(sent).toMatchObject({
      status: 'success',
      effects: [{ kind: 'erc1155', token: items.toLowerCase(), id: 7n, amount: -2n }],
    })
    // LatchItems lets anyone mint: the account receives what it mints to itself.
    const mint = encodeFunctionData({
      abi: artifact('LatchItems').abi,
      functionName: 'mint',
      args: [user.address, 9n, 4n],
    })
    const received = await simulateTransaction(request, {
      from: user.address,
      to: items,
      data: mint,
    })
    expect(received).toMatchObject({
      status: 'success',
      effects: [{ kind: 'erc1155', token: items.toLowerCase(), id: 9n, amount: 4n }],
    })
  })

  it('says that a call would revert, with the reason', async () => {
    const data = encodeFunctionData({ abi: artifact('Reverter').abi, functionName: 'poke' })
    expect(await simulateTransaction(request, { from: user.address, to: reverter, data })).toEqual({
      status: 'revert',
      reason: 'Latch: this call always reverts',
    })
  })

  it('without eth_simulateV1 (a proxy that does not forward it) falls back to eth_call', async () => {
    const noSimulate: Request = (args) =>
      args.method === 'eth_simulateV1'
        ? Promise.reject(new Error('Method not allowed'))
        : request(args)
    const data = encodeFunctionData({ abi: artifact('Reverter').abi, functionName: 'poke' })
    expect(
      await simulateTransaction(noSimulate, { from: user.address, to: reverter, data }),
    ).toEqual({
      status: 'revert',
      reason: 'Latch: this call always reverts',
    })
    expect(
      await simulateTransaction(noSimulate, {
        from: user.address,
        to: token,
        data: transfer(5n),
      }),
    ).toEqual({
      status: 'success',
      effects: [{ kind: 'erc20', token: token.toLowerCase(), amount: -5n }],
      source: 'calldata',
    })
  })
})

describe('reviewTransaction on anvil', () => {
  const context = () => ({
    chainId: 31337,
    origin: 'http://localhost:5173',
    account: user.address,
    request,
  })

  it('shows network, contract target, fee, decoded call and simulated effects', async () => {
    const view = await reviewTransaction(
      { to: token, data: transfer(parseUnits('30', 18)) },
      context(),
    )
    expect(view.summary).toEqual([`Send 30 LT to ${OTHER}`])
    const fields = Object.fromEntries(
      view.sections.flatMap((s) => s.fields.map((f) => [f.label, f.value])),
    )
    expect(fields).toMatchObject({
      'You send': '30 LT',
      Network: 'Local dev chain (id 31337)',
      To: `${getAddress(token)} (contract)`,
    })
    expect(fields['Fee estimate']).toMatch(/^up to 0\.\d+ ETH$/)
    expect(view.raw?.text).toBe(transfer(parseUnits('30', 18)))
    expect(view.dangers).toEqual([])
  })

  it('warns when the whole token balance leaves, and when the transaction would revert', async () => {
    const all = await reviewTransaction(
      { to: token, data: transfer(parseUnits('100', 18)) },
      context(),
    )
    expect(all.dangers).toEqual(['This sends your whole balance of LT.'])
    const data = encodeFunctionData({ abi: artifact('Reverter').abi, functionName: 'poke' })
    const fails = await reviewTransaction({ to: reverter, data }, context())
    expect(fails.dangers).toEqual([
      'This transaction would fail (revert: Latch: this call always reverts). You would still pay the fee.',
    ])
  })
})
