import {
  type Address,
  type Block,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseAbi,
  type Transaction,
  type TransactionReceipt,
  toEventSelector,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from './anvil.js'
import {
  demoAccounts,
  devContracts,
  devTokens,
  genesisTimestampFor,
  type SeedResult,
  SeedStateError,
  seedDevChain,
  seedSchedule,
} from './seed.js'

// A fixed `now` early in a year: the history must still reach back across three calendar years.
const NOW = new Date('2026-02-10T15:00:00Z')
const [account0, account1] = demoAccounts

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL = toEventSelector('Approval(address,address,uint256)')
const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')

interface Entry {
  block: Block<bigint, true>
  tx: Transaction
  receipt: TransactionReceipt
}

/** Everything on the chain, read block by block: the tests trust the chain, not the seed. */
async function readHistory(client: PublicClient): Promise<Entry[]> {
  const latest = await client.getBlockNumber()
  const entries: Entry[] = []
  for (let n = 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      entries.push({ block, tx, receipt })
    }
  }
  return entries
}

const topicAddress = (topic: Hex | undefined) => getAddress(`0x${topic!.slice(26)}`)
const same = (a: Address | null | undefined, b: Address) => !!a && isAddressEqual(a, b)

// ERC-20 and ERC-721 share the Transfer topic; ERC-721 indexes the token id as a fourth topic.
const erc20Transfers = (logs: Log[]) =>
  logs.filter((l) => l.topics[0] === TRANSFER && l.topics.length === 3)
const nftTransfers = (logs: Log[]) =>
  logs.filter((l) => l.topics[0] === TRANSFER && l.topics.length === 4)

function involves(entry: Entry, account: Address): boolean {
  if (same(entry.tx.from, account) || same(entry.tx.to, account)) return true
  return entry.receipt.logs.some((log) =>
    log.topics.slice(1).some((topic) => topic && topicAddress(topic) === account),
  )
}

const utc = (entry: Entry) => new Date(Number(entry.block.timestamp) * 1000)

describe('seedDevChain on a fresh anvil', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  let result: SeedResult
  let history: Entry[]
  let mine: Entry[]

  beforeAll(async () => {
    anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    result = await seedDevChain(anvil.rpcUrl, { now: NOW })
    history = await readHistory(client)
    mine = history.filter((entry) => involves(entry, account0))
  })
  afterAll(() => anvil?.stop())

  it('reports a fresh seed and the contracts at their fixed addresses, each with code', async () => {
    expect(result.status).toBe('seeded')
    expect(result.transactions).toBe(history.length)
    expect(result.contracts).toMatchObject(devContracts)
    for (const address of Object.values(result.contracts))
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    for (const token of Object.values(devTokens)) {
      const read = (functionName: 'symbol' | 'decimals') =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName })
      expect([await read('symbol'), await read('decimals')]).toEqual([token.symbol, token.decimals])
    }
  })

  it('dates every block as scheduled, all before now', async () => {
    const schedule = seedSchedule(NOW)
    const blocks = [...new Map(history.map((e) => [e.block.number, e.block])).values()]
    expect(blocks.map((b) => Number(b.timestamp))).toEqual(schedule.map((b) => b.timestamp))
    expect(blocks.map((b) => b.transactions.length)).toEqual(schedule.map((b) => b.txs.length))
    expect(Math.max(...blocks.map((b) => Number(b.timestamp)))).toBeLessThan(NOW.getTime() / 1000)
  })

  it("spreads account 0's history over 3+ calendar years and 15+ months", () => {
    const years = new Set(mine.map((e) => utc(e).getUTCFullYear()))
    const months = new Set(mine.map((e) => utc(e).toISOString().slice(0, 7)))
    expect(years.size).toBeGreaterThanOrEqual(3)
    expect(months.size).toBeGreaterThanOrEqual(15)
  })

  it('puts several of account 0 transactions in one block, and several on one day', () => {
    const perBlock = new Map<bigint, number>()
    for (const e of mine) perBlock.set(e.block.number!, (perBlock.get(e.block.number!) ?? 0) + 1)
    expect(Math.max(...perBlock.values())).toBeGreaterThanOrEqual(2)
    const perMonth = new Map<string, number>()
    for (const e of mine) {
      const month = utc(e).toISOString().slice(0, 7)
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1)
    }
    expect(Math.max(...perMonth.values())).toBeGreaterThanOrEqual(3)
  })

  it('sends and receives native value between account 0 and others', () => {
    const native = mine.filter((e) => e.tx.value > 0n && e.tx.input === '0x')
    expect(native.some((e) => same(e.tx.from, account0) && same(e.tx.to, account1))).toBe(true)
    expect(native.some((e) => same(e.tx.to, account0) && same(e.tx.from, account1))).toBe(true)
    const others = native.filter((e) => !same(e.tx.from, account1) && !same(e.tx.to, account1))
    expect(others.some((e) => same(e.tx.from, account0))).toBe(true)
    expect(others.some((e) => same(e.tx.to, account0))).toBe(true)
  })

  it('moves both a 6- and an 18-decimal ERC-20 in and out of account 0', async () => {
    const logs = mine.flatMap((e) => erc20Transfers(e.receipt.logs))
    const tokens = [...new Set(logs.map((l) => getAddress(l.address)))]
    const decimals = await Promise.all(
      tokens.map((address) =>
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
      ),
    )
    for (const wanted of [6, 18]) {
      const token = tokens[decimals.indexOf(wanted)]
      expect(token, `a token with ${wanted} decimals`).toBeDefined()
      const ofToken = logs.filter((l) => same(l.address, token!))
      expect(ofToken.some((l) => topicAddress(l.topics[1]) === account0)).toBe(true)
      expect(ofToken.some((l) => topicAddress(l.topics[2]) === account0)).toBe(true)
    }
  })

  it('records an ERC-20 approval by account 0', () => {
    const approvals = mine
      .flatMap((e) => e.receipt.logs)
      .filter((l) => l.topics[0] === APPROVAL && l.topics.length === 3)
    expect(approvals.some((l) => topicAddress(l.topics[1]) === account0)).toBe(true)
  })

  it('mints an ERC-721 to account 0 in its own transaction and transfers one', () => {
    const own = mine.filter((e) => same(e.tx.from, account0))
    const minted = own.flatMap((e) =>
      nftTransfers(e.receipt.logs).filter(
        (l) => topicAddress(l.topics[1]) === zeroAddress && topicAddress(l.topics[2]) === account0,
      ),
    )
    expect(minted.length).toBeGreaterThan(0)
    const transferred = own.flatMap((e) =>
      nftTransfers(e.receipt.logs).filter((l) => topicAddress(l.topics[1]) === account0),
    )
    expect(transferred.some((l) => topicAddress(l.topics[2]) !== zeroAddress)).toBe(true)
  })

  it('transfers an ERC-1155 from account 0', () => {
    const singles = mine
      .flatMap((e) => e.receipt.logs)
      .filter((l) => l.topics[0] === TRANSFER_SINGLE && topicAddress(l.topics[2]) === account0)
    expect(singles.length).toBeGreaterThan(0)
  })

  it('airdrops a spam collection to 5+ recipients including account 0, unsolicited', async () => {
    const drops = mine.filter((e) => {
      const mints = nftTransfers(e.receipt.logs).filter(
        (l) => topicAddress(l.topics[1]) === zeroAddress,
      )
      const recipients = new Set(mints.map((l) => topicAddress(l.topics[2])))
      return !same(e.tx.from, account0) && recipients.size >= 5 && recipients.has(account0)
    })
    expect(drops.length).toBeGreaterThan(0)
    const collection = getAddress(nftTransfers(drops[0]!.receipt.logs)[0]!.address)
    const name = await client.readContract({
      address: collection,
      abi: parseAbi(['function name() view returns (string)']),
      functionName: 'name',
    })
    expect(name).toMatch(/https?:\/\//)
    expect(name.toLowerCase()).toContain('claim')
    // Account 0 never called the collection.
    expect(history.some((e) => same(e.tx.from, account0) && same(e.tx.to, collection))).toBe(false)
  })

  it('has one transaction carrying a spam NFT and a real token transfer to account 0', () => {
    const spam = getAddress(
      nftTransfers(mine.find((e) => nftTransfers(e.receipt.logs).length >= 5)!.receipt.logs)[0]!
        .address,
    )
    const mixed = mine.filter(
      (e) =>
        nftTransfers(e.receipt.logs).some(
          (l) => same(l.address, spam) && topicAddress(l.topics[2]) === account0,
        ) &&
        erc20Transfers(e.receipt.logs).some(
          (l) => !same(l.address, spam) && topicAddress(l.topics[2]) === account0,
        ),
    )
    expect(mixed).toHaveLength(1)
  })

  it('mines a reverted transaction sent by account 0', () => {
    const failed = mine.filter((e) => same(e.tx.from, account0) && e.receipt.status === 'reverted')
    expect(failed.length).toBeGreaterThan(0)
    expect(failed[0]!.receipt.blockNumber).toBeGreaterThan(0n)
  })

  it('swaps: one transaction of account 0 sends one ERC-20 and receives another', () => {
    const swaps = mine.filter((e) => {
      if (!same(e.tx.from, account0)) return false
      const transfers = erc20Transfers(e.receipt.logs)
      const out = transfers.find((l) => topicAddress(l.topics[1]) === account0)
      const inn = transfers.find((l) => topicAddress(l.topics[2]) === account0)
      return out && inn && !same(out.address, inn.address)
    })
    expect(swaps.length).toBeGreaterThan(0)
  })

  it('has a contract deployed by account 0', async () => {
    const created = mine.filter((e) => same(e.tx.from, account0) && e.receipt.contractAddress)
    expect(created.length).toBeGreaterThan(0)
    const code = await client.getCode({ address: created[0]!.receipt.contractAddress! })
    expect(code?.length ?? 0).toBeGreaterThan(2)
  })

  it('does nothing when seeded again', async () => {
    const before = await client.getBlockNumber()
    const again = await seedDevChain(anvil.rpcUrl, { now: NOW })
    expect(again.status).toBe('already-seeded')
    expect(await client.getBlockNumber()).toBe(before)
  })

  it('leaves the clock at the present, so new blocks are dated today', async () => {
    const wallet = createWalletClient({ account: account1, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: account0, value: 1n, chain: null })
    const receipt = await client.waitForTransactionReceipt({ hash })
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    // NOW is in the past: the new block must follow the wall clock, not the seeded history.
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60)
  })
})

describe('seedDevChain determinism and refusals', () => {
  const chains: AnvilInstance[] = []
  afterAll(() => Promise.all(chains.map((c) => c.stop())))
  const fresh = async (genesisTimestamp?: number) => {
    const anvil = await startAnvil({ genesisTimestamp })
    chains.push(anvil)
    return anvil
  }
  const hashes = async (rpcUrl: string) =>
    (await readHistory(createPublicClient({ transport: http(rpcUrl) }))).map((e) => e.tx.hash)

  it('gives two fresh chains the same transactions for the same now', async () => {
    const [a, b] = [await fresh(genesisTimestampFor(NOW)), await fresh(genesisTimestampFor(NOW))]
    await seedDevChain(a.rpcUrl, { now: NOW })
    await seedDevChain(b.rpcUrl, { now: NOW })
    const [left, right] = [await hashes(a.rpcUrl), await hashes(b.rpcUrl)]
    expect(left.length).toBeGreaterThan(40)
    expect(right).toEqual(left)
  })

  it('refuses a chain whose genesis is not in the past', async () => {
    const anvil = await fresh()
    await expect(seedDevChain(anvil.rpcUrl, { now: NOW })).rejects.toBeInstanceOf(SeedStateError)
  })

  it('refuses a chain where account 0 already sent transactions', async () => {
    const anvil = await fresh(genesisTimestampFor(NOW))
    const wallet = createWalletClient({ account: account0, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: account1, value: 1n, chain: null })
    // anvil's automine can lag the send's answer: count blocks only once the receipt exists.
    const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    const before = await publicClient.getBlockNumber()
    await expect(seedDevChain(anvil.rpcUrl, { now: NOW })).rejects.toThrow(/already sent/)
    expect(await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlockNumber()).toBe(
      before,
    )
  })
})
