import {
  type Address,
  type Client,
  createClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseGwei,
} from 'viem'
import { demoAccounts, deployer, devContracts, mnemonicAddresses } from './accounts.js'
import { DEV_CHAIN_ID } from './anvil.js'
import { dexDeployer } from './dex/addresses.js'
import { deployerFinalNonce, type PlannedTx, seededContracts } from './plan.js'
import { type SeedBlock, seedSchedule } from './schedule.js'

export { demoAccounts, devCollections, devContracts, devTokens } from './accounts.js'
export { seededContracts } from './plan.js'
export { genesisTimestampFor, type SeedBlock, type SeedKind, seedSchedule } from './schedule.js'

export interface SeedOptions {
  /** The day the history ends near; the default is today. */
  now?: Date
  log?: (message: string) => void
}

export interface SeedResult {
  /** 'already-seeded' when the chain held the history before this call (nothing was sent). */
  status: 'seeded' | 'already-seeded'
  seeded: boolean
  contracts: typeof seededContracts
  accounts: typeof demoAccounts
  deployer: Address
  /** Blocks and transactions this call mined (0 when already seeded). */
  blocks: number
  transactions: number
  durationMs: number
}

/** The chain has activity the seed did not make, so the history cannot be placed on it. */
export class SeedStateError extends Error {
  override name = 'SeedStateError'
}

/** A seeded transaction did not end as planned (rejected, wrong status or wrong block). */
export class SeedTransactionError extends Error {
  override name = 'SeedTransactionError'
}

// Fixed fees keep every field of every transaction, and so every hash, the same on each fresh chain.
const fees = { maxFeePerGas: parseGwei('5'), maxPriorityFeePerGas: parseGwei('1') }

type ChainState = { kind: 'fresh' } | { kind: 'seeded' } | { kind: 'conflict'; reason: string }

async function rpc<T>(client: Client, method: string, params: unknown[] = []): Promise<T> {
  return (await client.request({ method, params } as never)) as T
}

async function readChainState(client: Client): Promise<ChainState> {
  const senders = [deployer.address, dexDeployer.address, ...mnemonicAddresses]
  const [chainId, code, ...nonces] = await Promise.all([
    rpc<Hex>(client, 'eth_chainId'),
    rpc<Hex>(client, 'eth_getCode', [devContracts.lusd, 'latest']),
    ...senders.map((address) => rpc<Hex>(client, 'eth_getTransactionCount', [address, 'latest'])),
  ])
  if (Number(chainId) !== DEV_CHAIN_ID)
    return { kind: 'conflict', reason: `chain id ${Number(chainId)} is not ${DEV_CHAIN_ID}` }
  const deployed = code !== '0x'
  const deployerNonce = Number(nonces[0])
  if (deployed && deployerNonce === deployerFinalNonce) return { kind: 'seeded' }
  if (deployed || deployerNonce !== 0)
    return {
      kind: 'conflict',
      reason: `the seed is incomplete or from another version (deployer nonce ${deployerNonce}, expected ${deployerFinalNonce})`,
    }
  const used = senders.filter((_, i) => Number(nonces[i]) !== 0)
  if (used.length > 0)
    return { kind: 'conflict', reason: `accounts already sent transactions: ${used.join(', ')}` }
  return { kind: 'fresh' }
}

async function sendPlanned(client: Client, tx: PlannedTx): Promise<Hex> {
  const fields = {
    to: tx.to ?? undefined,
    data: tx.data,
    value: tx.value,
    gas: tx.gas,
    nonce: tx.nonce,
  }
  // The seed's and the DEX's deployers sign here; anvil signs for its mnemonic accounts.
  const signer = [deployer, dexDeployer].find((account) => account.address === tx.from)
  try {
    if (signer) {
      const signed = await signer.signTransaction({
        ...fields,
        ...fees,
        type: 'eip1559',
        chainId: DEV_CHAIN_ID,
      })
      return await rpc<Hex>(client, 'eth_sendRawTransaction', [signed])
    }
    // Anvil signs for its unlocked mnemonic accounts; its signatures are deterministic too.
    return await rpc<Hex>(client, 'eth_sendTransaction', [
      {
        from: tx.from,
        to: fields.to,
        data: tx.data,
        value: numberToHex(tx.value),
        gas: numberToHex(tx.gas),
        nonce: numberToHex(tx.nonce),
        maxFeePerGas: numberToHex(fees.maxFeePerGas),
        maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
        type: '0x2',
      },
    ])
  } catch (error) {
    throw new SeedTransactionError(`seed transaction "${tx.label}" was rejected`, { cause: error })
  }
}

interface Receipt {
  status: Hex
  blockNumber: Hex
  transactionIndex: Hex
}

async function verifyReceipts(
  reader: Client,
  schedule: SeedBlock[],
  hashes: Hex[][],
  first: bigint,
) {
  const receipts = await Promise.all(
    hashes.flat().map((hash) => rpc<Receipt | null>(reader, 'eth_getTransactionReceipt', [hash])),
  )
  let n = 0
  schedule.forEach((block, b) => {
    block.txs.forEach((tx, i) => {
      const receipt = receipts[n++]
      const status = receipt?.status === '0x1' ? 'success' : 'reverted'
      if (
        !receipt ||
        status !== tx.expectedStatus ||
        BigInt(receipt.blockNumber) !== first + BigInt(b) ||
        Number(receipt.transactionIndex) !== i
      )
        throw new SeedTransactionError(
          `seed transaction "${tx.label}" ended ${receipt ? `${status} in block ${BigInt(receipt.blockNumber)} at index ${Number(receipt.transactionIndex)}` : 'unmined'}, expected ${tx.expectedStatus} in block ${first + BigInt(b)} at index ${i}`,
        )
    })
  })
}

/**
 * Moves the chain's clock to the real present, so blocks mined after the seed (by the app) are
 * dated today rather than just after the last seeded block.
 */
async function syncClock(client: Client, now: Date): Promise<void> {
  const latest = await rpc<{ timestamp: Hex }>(client, 'eth_getBlockByNumber', ['latest', false])
  const target = Math.max(
    Math.floor(Date.now() / 1000),
    Math.floor(now.getTime() / 1000),
    Number(latest.timestamp) + 1,
  )
  await rpc(client, 'evm_setTime', [target])
}

/**
 * Places the demo history on an anvil chain: contracts at fixed addresses, then every planned block
 * at its date. Re-running on a seeded chain sends nothing; a chain with other activity is refused.
 */
export async function seedDevChain(rpcUrl: string, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now()
  const now = options.now ?? new Date()
  const log = options.log ?? (() => {})
  // Writes go one at a time and are never retried: order decides nonces and block contents.
  const writer = createClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const reader = createClient({ transport: http(rpcUrl, { batch: { batchSize: 200 } }) })
  const result = (status: SeedResult['status'], blocks: number, transactions: number) => ({
    status,
    seeded: status === 'seeded',
    contracts: seededContracts,
    accounts: demoAccounts,
    deployer: deployer.address,
    blocks,
    transactions,
    durationMs: Math.round(performance.now() - started),
  })

  const state = await readChainState(reader)
  if (state.kind === 'conflict')
    throw new SeedStateError(`cannot seed the chain at ${rpcUrl}: ${state.reason}`)
  if (state.kind === 'seeded') {
    await syncClock(writer, now)
    log('dev chain already seeded')
    return result('already-seeded', 0, 0)
  }

  const schedule = seedSchedule(now)
  const head = await rpc<{ number: Hex; timestamp: Hex }>(writer, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  if (Number(head.timestamp) >= schedule[0]!.timestamp)
    throw new SeedStateError(
      `the chain's latest block is dated ${new Date(Number(head.timestamp) * 1000).toISOString()}, after the history starts: start anvil with genesisTimestamp = genesisTimestampFor(now)`,
    )

  for (const { address } of [deployer, dexDeployer])
    await rpc(writer, 'anvil_setBalance', [address, numberToHex(parseEther('1000'))])
  await rpc(writer, 'evm_setAutomine', [false])
  const hashes: Hex[][] = []
  try {
    for (const block of schedule) {
      const blockHashes: Hex[] = []
      for (const tx of block.txs) blockHashes.push(await sendPlanned(writer, tx))
      hashes.push(blockHashes)
      await rpc(writer, 'evm_mine', [block.timestamp])
    }
  } finally {
    await rpc(writer, 'evm_setAutomine', [true])
  }
  await verifyReceipts(reader, schedule, hashes, BigInt(head.number) + 1n)
  await syncClock(writer, now)

  const transactions = hashes.flat().length
  const done = result('seeded', schedule.length, transactions)
  log(`seeded ${transactions} transactions in ${schedule.length} blocks in ${done.durationMs} ms`)
  return done
}
