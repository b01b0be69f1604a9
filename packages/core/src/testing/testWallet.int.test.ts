import {
  createPublicClient,
  createWalletClient,
  custom,
  http,
  numberToHex,
  parseEther,
  recoverTypedDataAddress,
  stringToHex,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { createTestWallet } from './testWallet.js'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('EIP-1193 test wallet on anvil', () => {
  it('refuses to sign before it is connected, then signs messages and typed data', async () => {
    const wallet = createTestWallet({ rpcUrl: anvil.rpcUrl })
    await expect(
      wallet.request({ method: 'personal_sign', params: [stringToHex('hi'), wallet.address] }),
    ).rejects.toMatchObject({ code: 4100 })

    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
    const signature = (await wallet.request({
      method: 'personal_sign',
      params: [stringToHex('hello latch'), wallet.address],
    })) as `0x${string}`
    expect(
      await verifyMessage({ address: wallet.address, message: 'hello latch', signature }),
    ).toBe(true)

    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'gm' },
    }
    const typedSignature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(typed)],
    })) as `0x${string}`
    expect(await recoverTypedDataAddress({ ...typed, signature: typedSignature })).toBe(
      wallet.address,
    )

    // The way a dapp asks: viem serialises the request with an EIP712Domain type included.
    const dapp = createWalletClient({ account: wallet.address, transport: custom(wallet) })
    const viaDapp = await dapp.signTypedData(typed)
    expect(await recoverTypedDataAddress({ ...typed, signature: viaDapp })).toBe(wallet.address)
    expect(await dapp.signMessage({ message: 'via dapp' })).toBe(
      await wallet.account.signMessage({ message: 'via dapp' }),
    )
  })

  it('signs and sends a transaction that anvil mines', async () => {
    const wallet = createTestWallet({ rpcUrl: anvil.rpcUrl, accountIndex: 2 })
    await wallet.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: RECEIVER })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: RECEIVER, value: numberToHex(parseEther('1.5')) }],
    })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect((await client.getBalance({ address: RECEIVER })) - before).toBe(parseEther('1.5'))
  })

  it('answers 4902 for an unknown chain and switches after wallet_addEthereumChain', async () => {
    const wallet = createTestWallet({ rpcUrl: anvil.rpcUrl })
    const changes: unknown[] = []
    wallet.on('chainChanged', (id) => changes.push(id))
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'Ethereum', rpcUrls: [anvil.rpcUrl] }],
    })
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(changes).toEqual(['0x1'])
  })

  it('with eip5792, sends a batch in one block and reports its receipts; without, has no such method', async () => {
    const wallet = createTestWallet({ rpcUrl: anvil.rpcUrl, accountIndex: 3, eip5792: true })
    await wallet.request({ method: 'eth_requestAccounts' })
    expect(
      await wallet.request({ method: 'wallet_getCapabilities', params: [wallet.address] }),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: RECEIVER })
    const { id } = (await wallet.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          calls: [
            { to: RECEIVER, data: '0x', value: numberToHex(5n) },
            { to: RECEIVER, data: '0x', value: numberToHex(6n) },
          ],
        },
      ],
    })) as { id: string }
    const status = (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status: number
      receipts: { blockNumber: string; status: string }[]
    }
    expect(status.status).toBe(200)
    expect(status.receipts).toHaveLength(2)
    expect(new Set(status.receipts.map((r) => r.blockNumber)).size).toBe(1)
    expect((await client.getBalance({ address: RECEIVER })) - before).toBe(11n)
    await expect(
      wallet.request({ method: 'wallet_getCallsStatus', params: [`0x${'00'.repeat(32)}`] }),
    ).rejects.toMatchObject({ code: 5730 })

    const plain = createTestWallet({ rpcUrl: anvil.rpcUrl, accountIndex: 3 })
    await plain.request({ method: 'eth_requestAccounts' })
    await expect(
      plain.request({
        method: 'wallet_sendCalls',
        params: [{ calls: [{ to: RECEIVER, data: '0x' }] }],
      }),
    ).rejects.toMatchObject({ code: -32601 })
  })
})
