import { createSmartAccountClient } from 'permissionless'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  parseEventLogs,
} from 'viem'
import {
  entryPoint07Abi,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allPages,
  createWorld,
  type World,
} from '../../apps/server/src/chains/eip155/fixtures/harness.js'
import { signedPaymasterData } from '../../apps/server/src/chains/eip155/paymaster/sign.js'
import { ENTRY_POINT_07 } from '../devchain/aa/addresses.js'
import { installAccountAbstraction } from '../devchain/aa/install.js'
import { DEV_PAYMASTER_SIGNER_KEY, devPaymasterAddress } from '../devchain/aa/paymaster.js'
import { demoAccounts, devTokens } from '../devchain/accounts.js'
import { type AnvilInstance, DEV_CHAIN_ID, startAnvil } from '../devchain/anvil.js'
import { genesisTimestampFor, seedDevChain } from '../devchain/seed.js'
import { type DevBundler, startDevBundler } from './alto.js'

// A Safe's user operations, sent through alto to EntryPoint v0.7, indexed by the server and read
// back through its history route: one row per operation, sent by the Safe, never as the bundler's
// transaction; the owner EOA's history stays its own.
const devChain = defineChain({
  id: DEV_CHAIN_ID,
  name: 'Latch dev chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const entryPoint = { address: ENTRY_POINT_07, version: '0.7' } as const
const lusd = devTokens.lusd.address
const paymaster = devPaymasterAddress()
const owner = privateKeyToAccount(generatePrivateKey())
const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address
const lusdTransfer = (amount: bigint, to: Address = recipient) => ({
  to: lusd,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

let anvil: AnvilInstance
let bundler: DevBundler
let world: World
let chain: PublicClient
let safe: Address
/** A second Safe, whose operation shares one bundle with the first one's. */
let safeB: Address
const relayer = demoAccounts[1].toLowerCase() as Address
/** Transaction hashes of the operations by name, and the bundler EOA that sent them. */
const txOf: Record<string, Hex> = {}
/** Each operation's actualGasCost, from the bundler's receipt. */
const feeOf: Record<string, bigint> = {}
/** The two operations of the first Safe in one bundle: hash, nonce and fee, in bundle order. */
let pair: { userOpHash: Hex; nonce: bigint; actualGasCost: bigint }[] = []
let bundlerEoa: Address
let ethSpentBySponsored = -1n

// The VerifyingPaymaster's data signed here with the server's own signer code (the route that
// serves it has its own tests): a window and the dev signer's signature over the operation.
const sponsor = {
  async getPaymasterStubData(op: Record<string, unknown>) {
    return sponsor.getPaymasterData(op)
  },
  async getPaymasterData(op: Record<string, unknown>) {
    const hex = (v: unknown) => (typeof v === 'bigint' ? numberToHex(v) : (v as Hex | undefined))
    const draft = {
      sender: op.sender as Address,
      nonce: hex(op.nonce)!,
      callData: op.callData as Hex,
      factory: (op.factory as Address | undefined) ?? null,
      factoryData: (op.factoryData as Hex | undefined) ?? null,
      callGasLimit: hex(op.callGasLimit),
      verificationGasLimit: hex(op.verificationGasLimit),
      preVerificationGas: hex(op.preVerificationGas),
      maxFeePerGas: hex(op.maxFeePerGas),
      maxPriorityFeePerGas: hex(op.maxPriorityFeePerGas),
      paymasterVerificationGasLimit: '0x186a0' as Hex,
      paymasterPostOpGasLimit: '0x0' as Hex,
    }
    const window = { chainId: DEV_CHAIN_ID, paymaster, validUntil: 0, validAfter: 0 }
    return {
      paymaster,
      paymasterData: await signedPaymasterData(draft, window, DEV_PAYMASTER_SIGNER_KEY),
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
    }
  },
}

beforeAll(async () => {
  const now = new Date()
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
  await seedDevChain(anvil.rpcUrl, { now })
  await installAccountAbstraction(anvil.rpcUrl)
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
  chain = createPublicClient({ chain: devChain, transport: http(anvil.rpcUrl) })
  world = await createWorld(anvil.rpcUrl, 'pglite')

  const account = await toSafeSmartAccount({
    client: chain,
    owners: [owner],
    version: '1.4.1',
    entryPoint,
  })
  safe = account.address.toLowerCase() as Address
  // ETH by the dev node's cheat (no transaction); LUSD by a real transfer from dev account 0.
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, numberToHex(parseEther('1'))] as never,
  })
  const holder = createWalletClient({
    account: demoAccounts[0],
    chain: devChain,
    transport: http(anvil.rpcUrl),
  })
  const funding = await holder.writeContract({
    address: lusd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [account.address, 10_000_000n],
  })
  await chain.waitForTransactionReceipt({ hash: funding })

  const pimlico = createPimlicoClient({ transport: http(bundler.url), entryPoint })
  const fees = async () => (await pimlico.getUserOperationGasPrice()).fast
  const client = createSmartAccountClient({
    account,
    chain: devChain,
    bundlerTransport: http(bundler.url),
    userOperation: { estimateFeesPerGas: fees },
  })
  const sponsored = createSmartAccountClient({
    account,
    chain: devChain,
    bundlerTransport: http(bundler.url),
    paymaster: sponsor,
    userOperation: { estimateFeesPerGas: fees },
  })
  const settle = async (name: string, hash: Hex, success: boolean) => {
    const receipt = await pimlico.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(success)
    txOf[name] = receipt.receipt.transactionHash.toLowerCase() as Hex
    feeOf[name] = receipt.actualGasCost
    bundlerEoa = receipt.receipt.from.toLowerCase() as Address
  }

  // 1. Paid by the Safe, deploys it: 0.01 ETH and 5 LUSD to the recipient in one operation.
  await settle(
    'batch',
    await client.sendUserOperation({
      calls: [{ to: recipient, value: parseEther('0.01') }, lusdTransfer(5_000_000n)],
    }),
    true,
  )
  // 2. Sponsored by the paymaster: 1 LUSD; the Safe's ETH must not move.
  const before = await chain.getBalance({ address: account.address })
  await settle(
    'sponsored',
    await sponsored.sendUserOperation({ calls: [lusdTransfer(1_000_000n)] }),
    true,
  )
  ethSpentBySponsored = before - (await chain.getBalance({ address: account.address }))
  // 3. Fails inside: 1,000 LUSD it does not hold. Gas is given, because estimating a call that
  //    reverts is refused by the bundler; the operation itself is valid and is included.
  const failing = await client.prepareUserOperation({
    calls: [lusdTransfer(1_000_000_000n)],
    callGasLimit: 200_000n,
    verificationGasLimit: 300_000n,
    preVerificationGas: 100_000n,
  })
  const signature = await account.signUserOperation(failing as UserOperation)
  await settle('failed', await client.sendUserOperation({ ...failing, signature }), false)

  // 4. Two Safes in one bundle: the first pays the second 2 LUSD, the second sends 0.02 ETH.
  //    alto sends one operation per bundle here, so dev account 1 plays the bundler and calls
  //    the EntryPoint's handleOps with both signed operations.
  const accountB = await toSafeSmartAccount({
    client: chain,
    owners: [privateKeyToAccount(generatePrivateKey())],
    version: '1.4.1',
    entryPoint,
  })
  safeB = accountB.address.toLowerCase() as Address
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [accountB.address, numberToHex(parseEther('1'))] as never,
  })
  const clientB = createSmartAccountClient({
    account: accountB,
    chain: devChain,
    bundlerTransport: http(bundler.url),
    userOperation: { estimateFeesPerGas: fees },
  })
  const signed = async (prepared: UserOperation, signer: typeof account) =>
    toPackedUserOperation({ ...prepared, signature: await signer.signUserOperation(prepared) })
  const opA = (await client.prepareUserOperation({
    calls: [lusdTransfer(2_000_000n, accountB.address)],
  })) as UserOperation
  const opB = (await clientB.prepareUserOperation({
    calls: [{ to: recipient, value: parseEther('0.02') }],
  })) as UserOperation
  const bundle = await createWalletClient({
    account: demoAccounts[1],
    chain: devChain,
    transport: http(anvil.rpcUrl),
  }).writeContract({
    address: ENTRY_POINT_07,
    abi: entryPoint07Abi,
    functionName: 'handleOps',
    args: [[await signed(opA, account), await signed(opB, accountB)], demoAccounts[1]],
  })
  const bundled = await chain.waitForTransactionReceipt({ hash: bundle })
  expect(bundled.status).toBe('success')
  txOf.bundle = bundle.toLowerCase() as Hex

  // 5. Two operations of the first Safe in one bundle (nonces n and n + 1, gas given because the
  //    second cannot be estimated before the first has run): 1 LUSD paid by the Safe, then
  //    0.5 LUSD sponsored by the paymaster. Dev account 1 plays the bundler again.
  const nonce = await account.getNonce()
  const gas = {
    callGasLimit: 200_000n,
    verificationGasLimit: 400_000n,
    preVerificationGas: 100_000n,
  }
  const first = (await client.prepareUserOperation({
    calls: [lusdTransfer(1_000_000n)],
    nonce,
    ...gas,
  })) as UserOperation
  const second = (await sponsored.prepareUserOperation({
    calls: [lusdTransfer(500_000n)],
    nonce: nonce + 1n,
    ...gas,
  })) as UserOperation
  const twice = await createWalletClient({
    account: demoAccounts[1],
    chain: devChain,
    transport: http(anvil.rpcUrl),
  }).writeContract({
    address: ENTRY_POINT_07,
    abi: entryPoint07Abi,
    functionName: 'handleOps',
    args: [[await signed(first, account), await signed(second, account)], demoAccounts[1]],
  })
  const both = await chain.waitForTransactionReceipt({ hash: twice })
  expect(both.status).toBe('success')
  txOf.twice = twice.toLowerCase() as Hex
  pair = parseEventLogs({
    abi: entryPoint07Abi,
    eventName: 'UserOperationEvent',
    logs: both.logs,
  }).map((log) => log.args)
  expect(pair.map((op) => op.nonce)).toEqual([nonce, nonce + 1n])

  await world.indexer({ batchSize: 50 }).syncToHead()
}, 300_000)
afterAll(async () => {
  await world?.close()
  await bundler?.stop()
  await anvil?.stop()
})

type Row = Awaited<ReturnType<typeof allPages>>[number][number]
const historyOf = async (address: string) =>
  (await allPages(world.app, address, { limit: '50' })).flat()
const legs = (row: Row) =>
  (row.transfers ?? [])
    .map((t) => `${t.direction} ${t.quantity.numeric} ${t.fungible_info?.symbol}`)
    .sort()
const only = (rows: Row[], name: string) => {
  const mine = rows.filter((r) => r.metadata.hash.toLowerCase() === txOf[name])
  expect(mine).toHaveLength(1)
  return mine[0]!
}

describe('user operations in the smart account’s history', () => {
  it('shows the batch as one send by the Safe with its ETH and LUSD legs, its fee left out', async () => {
    const row = only(await historyOf(safe), 'batch')
    expect(row.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(row.metadata.sentFrom.toLowerCase()).toBe(safe)
    expect(row.metadata.sentTo.toLowerCase()).toBe(recipient)
    expect(legs(row)).toEqual(['out 0.01 ETH', 'out 5 LUSD'])
    // The fee the Safe paid, as the bundler's receipt says, in ETH; not sponsored.
    expect(feeOf.batch).toBeGreaterThan(0n)
    expect(row.metadata.userOperation).toMatchObject({
      fee: { numeric: formatEther(feeOf.batch!), symbol: 'ETH' },
      sponsored: false,
    })
  })

  it('shows the sponsored operation with only its LUSD leg, the Safe paying no ETH', async () => {
    expect(ethSpentBySponsored).toBe(0n)
    const row = only(await historyOf(safe), 'sponsored')
    expect(row.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(row.metadata.sentFrom.toLowerCase()).toBe(safe)
    expect(legs(row)).toEqual(['out 1 LUSD'])
    expect(row.metadata.userOperation).toMatchObject({
      fee: { numeric: formatEther(feeOf.sponsored!) },
      sponsored: true,
    })
  })

  it('shows the operation that failed inside a confirmed bundle as failed, nothing moved', async () => {
    expect((await chain.getTransactionReceipt({ hash: txOf.failed! })).status).toBe('success')
    const row = only(await historyOf(safe), 'failed')
    expect(row.metadata.status).toBe('failed')
    expect(row.metadata.sentFrom.toLowerCase()).toBe(safe)
    expect(row.transfers).toEqual([])
  })

  it('never shows the bundler as the sender under the Safe; the bundler’s own history does', async () => {
    const rows = await historyOf(safe)
    expect(rows.filter((r) => r.metadata.sentFrom.toLowerCase() === bundlerEoa)).toEqual([])
    // The Safe's rows: account 0's LUSD, then its six operations.
    expect(rows).toHaveLength(7)
    const theirs = only(await historyOf(bundlerEoa), 'batch')
    expect(theirs.metadata.sentFrom.toLowerCase()).toBe(bundlerEoa)
  })

  it('keeps the owner EOA’s history apart: it signed off chain and sent nothing', async () => {
    expect(await historyOf(owner.address)).toEqual([])
  })

  it('shows the recipient the ETH and LUSD it received', async () => {
    const row = only(await historyOf(recipient), 'batch')
    expect(row.metadata.operationType).toBe('receive')
    expect(legs(row)).toEqual(['in 0.01 ETH', 'in 5 LUSD'])
  })

  it('gives each of two Safes in one bundle its own row, typed by its own operation', async () => {
    const a = only(await historyOf(safe), 'bundle')
    expect(a.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(a.metadata.sentFrom.toLowerCase()).toBe(safe)
    expect(a.metadata.sentTo.toLowerCase()).toBe(safeB)
    expect(legs(a)).toEqual(['out 2 LUSD'])
    // The LUSD the first Safe's operation paid it is in its legs, but its operation was a send.
    const b = only(await historyOf(safeB), 'bundle')
    expect(b.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(b.metadata.sentFrom.toLowerCase()).toBe(safeB)
    expect(b.metadata.sentTo.toLowerCase()).toBe(recipient)
    expect(legs(b)).toEqual(['in 2 LUSD', 'out 0.02 ETH'])
    // The account that carried the bundle keeps it as its own transaction.
    expect(only(await historyOf(relayer), 'bundle').metadata.sentFrom.toLowerCase()).toBe(relayer)
  })

  it('gives each of one Safe’s two operations in one bundle its own row, fee and sponsorship', async () => {
    const rows = (await historyOf(safe)).filter((r) => r.metadata.hash.toLowerCase() === txOf.twice)
    // Both rows keep the order in which the EntryPoint ran the operations.
    expect(rows.map((r) => r.metadata.userOperation?.hash)).toEqual(pair.map((op) => op.userOpHash))
    expect(new Set(rows.map((r) => r.id)).size).toBe(2)
    // The row's nonce is the sequence under the nonce's key (its low 64 bits).
    expect(rows.map((r) => r.metadata.nonce)).toEqual(
      pair.map((op) => Number(op.nonce & 0xffff_ffff_ffff_ffffn)),
    )
    expect(rows.map(legs)).toEqual([['out 1 LUSD'], ['out 0.5 LUSD']])
    expect(rows.map((r) => r.metadata.userOperation?.sponsored)).toEqual([false, true])
    expect(rows.map((r) => r.metadata.userOperation?.fee.numeric)).toEqual(
      pair.map((op) => formatEther(op.actualGasCost)),
    )
    for (const row of rows) {
      expect(row.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
      expect(row.metadata.sentFrom.toLowerCase()).toBe(safe)
      expect(row.metadata.sentTo.toLowerCase()).toBe(recipient)
    }
  })
})
