/**
 * The dev chain's side of the soak: transfers made without pause between a few dev accounts (so
 * there is always history to index), 5-block reorgs through `anvil_reorg`, and an independent
 * reading of which transactions each account took part in, straight from the node's blocks.
 */
import { mnemonicToAccount } from 'viem/accounts'
import { TEST_MNEMONIC } from '../../devchain/anvil.js'

/** Dev accounts 3–7: index 0 funds the production test, 2 signs in (calls.ts). */
export const SOAK_ACCOUNTS = [3, 4, 5, 6, 7].map(
  (i) => mnemonicToAccount(TEST_MNEMONIC, { addressIndex: i }).address,
)

export class RpcError extends Error {
  override name = 'RpcError'
  constructor(method: string, error: unknown) {
    super(`${method} failed: ${JSON.stringify(error)}`)
  }
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error !== undefined || !('result' in body)) throw new RpcError(method, body.error)
  return body.result as T
}

/**
 * One writer of the chain at a time. anvil_reorg while an eth_sendTransaction is being mined left
 * anvil 1.7.1 with a hole: five block numbers answering null, the next block's parent unknown
 * (seen in a 30-minute soak). A transfer and a reorg never overlap here.
 */
let writing: Promise<unknown> = Promise.resolve()
function exclusive<T>(write: () => Promise<T>): Promise<T> {
  const next = writing.then(write, write)
  writing = next.catch(() => {})
  return next
}

export class DevChainBrokenError extends Error {
  override name = 'DevChainBrokenError'
}

export const headOf = async (url: string) =>
  Number.parseInt(await rpc<string>(url, 'eth_blockNumber'), 16)

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

function randomTransfer() {
  const from = pick(SOAK_ACCOUNTS)
  const to = pick(SOAK_ACCOUNTS.filter((a) => a !== from))
  return { from, to, value: `0x${(1_000 + Math.floor(Math.random() * 1_000_000)).toString(16)}` }
}

export interface Producer {
  /** Hashes of every transaction the node accepted, reorged out later or not. */
  sent: Set<string>
  /** Transfers whose receipt never came: their block was reorged out before it was read. */
  lostToReorg: number
  /** Node calls that failed (the node, not Latch): the transfer is tried again. */
  nodeErrors: string[]
  stop(): Promise<void>
}

/**
 * Sends one transfer after another, each once the previous one has a receipt (anvil mines each
 * at once, so every transfer is a block), at most one every `intervalMs`. A reorg may drop a block before its receipt is read:
 * after `receiptTimeoutMs` the transfer is counted as lost to a reorg and the next one goes.
 */
export function startProducer(
  rpcUrl: string,
  { intervalMs = 200, receiptTimeoutMs = 10_000 } = {},
): Producer {
  const sent = new Set<string>()
  let lostToReorg = 0
  const nodeErrors: string[] = []
  let running = true
  const transfer = () =>
    exclusive(async () => {
      const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [randomTransfer()])
      sent.add(hash.toLowerCase())
      const deadline = Date.now() + receiptTimeoutMs
      for (;;) {
        const receipt = await rpc<object | null>(rpcUrl, 'eth_getTransactionReceipt', [hash])
        if (receipt) break
        if (Date.now() > deadline) {
          lostToReorg++
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })
  const loop = async () => {
    while (running) {
      const startedAt = Date.now()
      await transfer().catch((error: Error) => nodeErrors.push(error.message))
      // A pace, not a wait for anything: a steady block rate the indexer must keep up with.
      const pause = startedAt + intervalMs - Date.now()
      if (pause > 0 && running) await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
  const done = loop()
  return {
    sent,
    get lostToReorg() {
      return lostToReorg
    },
    nodeErrors,
    async stop() {
      running = false
      await done
    },
  }
}

/**
 * Replaces the last `depth` blocks with as many new ones, the first and the last of them holding
 * a new transfer between the soak's accounts. Resolves with the replaced blocks' hashes.
 */
export function reorg(rpcUrl: string, depth: number): Promise<string[]> {
  return exclusive(async () => {
    const replaced = await reorgNow(rpcUrl, depth)
    await checkLinked(rpcUrl, depth + 1)
    return replaced
  })
}

async function reorgNow(rpcUrl: string, depth: number): Promise<string[]> {
  const head = await headOf(rpcUrl)
  const replaced = await Promise.all(
    Array.from({ length: depth }, (_, i) => blockHashAt(rpcUrl, head - i)),
  )
  await rpc(rpcUrl, 'anvil_reorg', [
    depth,
    [
      [randomTransfer(), 0],
      [randomTransfer(), depth - 1],
    ],
  ])
  return replaced
}

/**
 * Throws DevChainBrokenError unless the last `count` blocks all answer by number and each names
 * the one before it as parent: the node's own chain is whole, so whatever the index lacks later
 * is Latch's doing.
 */
async function checkLinked(rpcUrl: string, count: number) {
  const head = await headOf(rpcUrl)
  let child: RpcBlock | null = null
  for (let n = head; n >= Math.max(0, head - count); n--) {
    const block = await rpc<RpcBlock | null>(rpcUrl, 'eth_getBlockByNumber', [
      `0x${n.toString(16)}`,
      false,
    ])
    if (!block) throw new DevChainBrokenError(`the node answers no block ${n} (head ${head})`)
    if (child && child.parentHash !== block.hash)
      throw new DevChainBrokenError(`block ${n + 1}'s parent is not block ${n} (head ${head})`)
    child = block
  }
}

interface RpcBlock {
  parentHash: string
  hash: string
  transactions: { hash: string; from: string; to: string | null }[]
}

export async function blockHashAt(rpcUrl: string, n: number): Promise<string> {
  const block = await rpc<RpcBlock>(rpcUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])
  return block.hash
}

/**
 * For each of `accounts`, the hashes of the transactions in blocks 0..`head` it sent or received:
 * all a plain transfer can touch. Read from the node, not from anything Latch wrote.
 */
export async function participation(
  rpcUrl: string,
  accounts: readonly string[],
  head: number,
): Promise<Map<string, Set<string>>> {
  const byAccount = new Map(accounts.map((a) => [a.toLowerCase(), new Set<string>()]))
  const add = (account: string | null, hash: string) =>
    account && byAccount.get(account.toLowerCase())?.add(hash.toLowerCase())
  const numbers = Array.from({ length: head + 1 }, (_, n) => n)
  // A few blocks at a time: thousands of blocks, one round trip each, on a busy machine.
  for (let i = 0; i < numbers.length; i += 16) {
    const blocks = await Promise.all(
      numbers
        .slice(i, i + 16)
        .map((n) => rpc<RpcBlock>(rpcUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, true])),
    )
    for (const block of blocks)
      for (const tx of block.transactions) {
        add(tx.from, tx.hash)
        add(tx.to, tx.hash)
      }
  }
  return byAccount
}
