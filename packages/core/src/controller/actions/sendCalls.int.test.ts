import { type Address, createPublicClient, type Hex, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../../scripts/devchain/anvil.js'
import { getCallsStatus } from './getCallsStatus.js'
import { type CallsProvider, SendCallsError, sendCalls } from './sendCalls.js'

// sendCalls and getCallsStatus against real wallets on anvil: anvil itself is a wallet without
// EIP-5792 (its unlocked account sends eth_sendTransaction, wallet_sendCalls is -32601), and a
// small EIP-5792 test wallet in front of it. The embedded wallet's own batch (one sponsored user
// operation) is tested in packages/frame (smartAccount/sendCalls.int.test.ts).
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const A = '0x00000000000000000000000000000000000a11ce' as Address
const B = '0x0000000000000000000000000000000000000b0b' as Address
const CHAIN = 31337

let anvil: AnvilInstance
let anvilWallet: CallsProvider
let client: ReturnType<typeof createPublicClient>
beforeAll(async () => {
  anvil = await startAnvil()
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
  anvilWallet = {
    request: async ({ method, params }) =>
      client.request({ method, params } as never, { retryCount: 0 }) as Promise<unknown>,
  }
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

/**
 * An EIP-5792 test wallet: sends the whole batch in one block (automine paused while it queues
 * the calls), keeps its own ids, and answers wallet_getCallsStatus from the receipts.
 */
function batchingWallet() {
  const batches = new Map<string, Hex[]>()
  const seen: { method: string; params: unknown }[] = []
  const wallet: CallsProvider = {
    async request({ method, params }) {
      seen.push({ method, params })
      if (method === 'wallet_getCapabilities')
        return { '0x7a69': { atomic: { status: 'supported' } } }
      if (method === 'wallet_sendCalls') {
        const [{ calls, from }] = params as [
          { calls: { to: Hex; data: Hex; value?: Hex }[]; from: Hex },
        ]
        await client.request({ method: 'evm_setAutomine', params: [false] } as never)
        const hashes: Hex[] = []
        for (const call of calls)
          hashes.push(
            (await client.request({
              method: 'eth_sendTransaction',
              params: [{ from, to: call.to, data: call.data, value: call.value }],
            } as never)) as Hex,
          )
        await client.request({ method: 'evm_mine', params: [] } as never)
        await client.request({ method: 'evm_setAutomine', params: [true] } as never)
        const id = `batch-${batches.size + 1}`
        batches.set(id, hashes)
        return { id }
      }
      if (method === 'wallet_getCallsStatus') {
        const hashes = batches.get((params as [string])[0])
        if (!hashes) throw Object.assign(new Error('Unknown bundle id'), { code: 5730 })
        const receipts = await Promise.all(
          hashes.map((hash) =>
            client.request({ method: 'eth_getTransactionReceipt', params: [hash] } as never),
          ),
        )
        return { version: '2.0.0', status: 200, atomic: true, receipts }
      }
      return anvilWallet.request({ method, params })
    },
  }
  return { wallet, seen }
}

const balance = (address: Address) => client.getBalance({ address })

describe('sendCalls with external wallets', () => {
  it('sends through wallet_sendCalls where the wallet has EIP-5792', async () => {
    const { wallet, seen } = batchingWallet()
    const [a0, b0] = [await balance(A), await balance(B)]
    const sent = await sendCalls({
      provider: wallet,
      from: FROM,
      chainId: CHAIN,
      calls: [
        { to: A, data: '0x', value: 1n },
        { to: B, data: '0x', value: 2n },
      ],
    })
    expect(sent).toEqual({ id: 'batch-1', atomic: 'supported', fallback: false })
    expect(seen.map((s) => s.method)).toEqual(['wallet_getCapabilities', 'wallet_sendCalls'])
    expect(seen[1]!.params).toEqual([
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: FROM,
        atomicRequired: false,
        calls: [
          { to: A, data: '0x', value: '0x1' },
          { to: B, data: '0x', value: '0x2' },
        ],
      },
    ])
    const status = await getCallsStatus(wallet, { id: sent.id })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true })
    expect(status.receipts).toHaveLength(2)
    expect(await balance(A)).toBe(a0 + 1n)
    expect(await balance(B)).toBe(b0 + 2n)
  })

  it('falls back to one transaction per call where the wallet has no wallet_sendCalls', async () => {
    const [a0, b0] = [await balance(A), await balance(B)]
    const sent = await sendCalls({
      provider: anvilWallet,
      from: FROM,
      chainId: CHAIN,
      calls: [
        { to: A, data: '0x', value: 3n },
        { to: B, data: '0x', value: 4n },
      ],
    })
    expect(sent.atomic).toBe('unsupported')
    expect(sent.fallback).toBe(true)
    expect(sent.id).toMatch(/^latch-sequential:31337:0x[0-9a-f]{64},0x[0-9a-f]{64}$/)
    let status = await getCallsStatus(anvilWallet, { id: sent.id })
    while (status.status === 'pending') status = await getCallsStatus(anvilWallet, { id: sent.id })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect(await balance(A)).toBe(a0 + 3n)
    expect(await balance(B)).toBe(b0 + 4n)
  })

  it('refuses to split a batch the app marks atomicRequired, sending nothing', async () => {
    const before = await client.getTransactionCount({ address: FROM })
    await expect(
      sendCalls({
        provider: anvilWallet,
        from: FROM,
        chainId: CHAIN,
        atomicRequired: true,
        calls: [{ to: A, data: '0x', value: 1n }],
      }),
    ).rejects.toBeInstanceOf(SendCallsError)
    expect(await client.getTransactionCount({ address: FROM })).toBe(before)
  })

  it('refuses a forged sequential id instead of asking the chain for it', async () => {
    await expect(
      getCallsStatus(anvilWallet, { id: 'latch-sequential:31337:0x12,zz' }),
    ).rejects.toThrow('Unknown batch id')
  })
})
