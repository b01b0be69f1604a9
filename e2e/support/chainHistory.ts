import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isAddressEqual,
  numberToHex,
  pad,
} from 'viem'
import { devContracts } from '../../scripts/devchain/accounts.js'

export interface ChainTx {
  hash: Hex
  /** Block time, ms since the epoch. */
  minedAt: number
  /** Its only link to the account is NFTs of the spam collection (the server flags those). */
  spamOnly: boolean
  /** Spam NFTs and a real token transfer in one transaction. */
  mixed: boolean
}

/**
 * Reads every transaction touching `account` straight from the chain (sender, recipient, or an
 * indexed log topic), independently of the server, so that tests can say what the history
 * screen must show.
 */
export async function readAccountHistory(rpcUrl: string, account: Address): Promise<ChainTx[]> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const latest = await client.getBlockNumber()
  const topic = pad(account).toLowerCase()
  const result: ChainTx[] = []
  for (let n = 0n; n <= latest; n++) {
    const [block, receipts] = await Promise.all([
      client.getBlock({ blockNumber: n, includeTransactions: true }),
      client.request({ method: 'eth_getBlockReceipts', params: [numberToHex(n)] }) as Promise<
        { transactionHash: Hex; logs: { address: Address; topics: Hex[] }[] }[]
      >,
    ])
    for (const tx of block.transactions) {
      const receipt = receipts.find((r) => r.transactionHash === tx.hash)
      if (!receipt) throw new Error(`no receipt for ${tx.hash}`)
      const touching = receipt.logs.filter((log) =>
        log.topics.slice(1).some((t) => t?.toLowerCase() === topic),
      )
      const direct =
        isAddressEqual(tx.from, account) || (tx.to !== null && isAddressEqual(tx.to, account))
      if (!direct && touching.length === 0) continue
      const spam = touching.filter((log) => isAddressEqual(log.address, devContracts.spamNft))
      result.push({
        hash: tx.hash,
        minedAt: Number(block.timestamp) * 1000,
        spamOnly: !direct && spam.length > 0 && spam.length === touching.length,
        mixed: spam.length > 0 && spam.length < touching.length,
      })
    }
  }
  return result
}

/** Month headers as the history screen writes them in UTC: 'March', or 'March 2024' in other years. */
export function expectedMonthHeaders(txs: ChainTx[], now = new Date()): string[] {
  const sorted = [...txs].sort((a, b) => b.minedAt - a.minedAt)
  const headers: string[] = []
  for (const tx of sorted) {
    const date = new Date(tx.minedAt)
    const sameYear = date.getUTCFullYear() === now.getUTCFullYear()
    const title = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(date)
    if (headers.at(-1) !== title) headers.push(title)
  }
  return headers
}
