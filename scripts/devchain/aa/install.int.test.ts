import {
  type Address,
  createPublicClient,
  http,
  isAddressEqual,
  type PublicClient,
  parseAbi,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployer, mnemonicAddresses } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { genesisTimestampFor, seedDevChain } from '../seed.js'
import { ENTRY_POINT_07 } from './addresses.js'
import { aaDeployer, installAccountAbstraction } from './install.js'
import { DEV_PAYMASTER_DEPOSIT, devPaymasterAddress } from './paymaster.js'
import { aaDeployments } from './plan.js'

const NOW = new Date('2026-02-10T15:00:00Z')
const seeded: Address[] = [deployer.address, ...mnemonicAddresses]

let anvil: AnvilInstance
let client: PublicClient
beforeAll(async () => {
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
  await seedDevChain(anvil.rpcUrl, { now: NOW })
})
afterAll(() => anvil?.stop())

const noncesOf = (addresses: Address[]) =>
  Promise.all(addresses.map((address) => client.getTransactionCount({ address })))

describe('installAccountAbstraction on the seeded dev chain', () => {
  let headBefore: bigint
  let noncesBefore: number[]

  it('puts every 4337 contract at its canonical address', async () => {
    headBefore = await client.getBlockNumber()
    noncesBefore = await noncesOf(seeded)
    const result = await installAccountAbstraction(anvil.rpcUrl)
    // Ten deployments, the paymaster and its deposit, and the Safe factory's presigned transaction.
    expect(result.transactions).toBe(13)
    for (const d of aaDeployments()) {
      const code = await client.getCode({ address: d.address })
      expect({ [d.name]: (code?.length ?? 2) > 2 }).toEqual({ [d.name]: true })
    }
    const deposit = await client.readContract({
      address: ENTRY_POINT_07,
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      functionName: 'balanceOf',
      args: [devPaymasterAddress()],
    })
    expect(deposit).toBe(DEV_PAYMASTER_DEPOSIT)
    expect(Object.keys(result.contracts)).toContain('verifyingPaymaster')
  })

  it("leaves the seeded accounts' history alone: no new transaction from or to them", async () => {
    expect(await noncesOf(seeded)).toEqual(noncesBefore)
    const head = await client.getBlockNumber()
    for (let n = headBefore + 1n; n <= head; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
      for (const tx of block.transactions) {
        const touched = [tx.from, tx.to].filter((a): a is Address => a !== null)
        expect(touched.some((a) => seeded.some((s) => isAddressEqual(a, s)))).toBe(false)
      }
    }
    // The seed still recognises its own complete history and sends nothing.
    const again = await seedDevChain(anvil.rpcUrl, { now: NOW })
    expect(again.status).toBe('already-seeded')
  })

  it('sends nothing on a chain that has them already', async () => {
    const nonce = await client.getTransactionCount({ address: aaDeployer.address })
    const result = await installAccountAbstraction(anvil.rpcUrl)
    expect(result.transactions).toBe(0)
    expect(await client.getTransactionCount({ address: aaDeployer.address })).toBe(nonce)
  })
})
