import { createPublicClient, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from './anvil.js'
import {
  devFarcasterAccounts,
  FARCASTER_ID_REGISTRY,
  installDevFarcasterRegistry,
} from './farcaster.js'

const registry = parseAbi([
  'function idOf(address) view returns (uint256)',
  'function custodyOf(uint256) view returns (address)',
  'function idCounter() view returns (uint256)',
  'function register(address recovery) returns (uint256)',
])

describe('installDevFarcasterRegistry', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(() => anvil.stop())

  it("answers Farcaster's ID registry reads for the dev accounts, at Farcaster's address, without a transaction", async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const blockBefore = await client.getBlockNumber()
    await installDevFarcasterRegistry(anvil.rpcUrl)
    await installDevFarcasterRegistry(anvil.rpcUrl)
    for (const account of devFarcasterAccounts) {
      const read = (functionName: 'idOf' | 'custodyOf', args: never) =>
        client.readContract({ address: FARCASTER_ID_REGISTRY, abi: registry, functionName, args })
      expect(await read('idOf', [account.custody] as never)).toBe(BigInt(account.fid))
      expect(await read('custodyOf', [BigInt(account.fid)] as never)).toBe(account.custody)
    }
    const stranger = '0x000000000000000000000000000000000000dEaD'
    expect(
      await client.readContract({
        address: FARCASTER_ID_REGISTRY,
        abi: registry,
        functionName: 'idOf',
        args: [stranger],
      }),
    ).toBe(0n)
    expect(
      await client.readContract({
        address: FARCASTER_ID_REGISTRY,
        abi: registry,
        functionName: 'idCounter',
      }),
    ).toBe(BigInt(devFarcasterAccounts.length))
    expect(await client.getBlockNumber()).toBe(blockBefore)
  })

  it('lets another account register the next id, as the real registry counts', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const [sender] = (await client.request({ method: 'eth_accounts' } as never)) as `0x${string}`[]
    const hash = (await client.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: sender,
          to: FARCASTER_ID_REGISTRY,
          data: (
            await import('viem')
          ).encodeFunctionData({
            abi: registry,
            functionName: 'register',
            args: [sender!],
          }),
        },
      ],
    } as never)) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(
      await client.readContract({
        address: FARCASTER_ID_REGISTRY,
        abi: registry,
        functionName: 'idOf',
        args: [sender!],
      }),
    ).toBe(BigInt(devFarcasterAccounts.length + 1))
  })
})
