/**
 * The soak's verdict on history: for each soak account, every transaction the API serves
 * (through nginx, all pages) against the node's own blocks — none missing, none twice, none from a
 * block a reorg replaced, newest first.
 */
import { APP_ORIGIN } from '../../production/stack.js'
import { participation } from './chain.js'

export interface AccountComparison {
  account: string
  served: number
  onChain: number
  missing: string[]
  duplicates: string[]
  /** Served but not on the chain: sent in a block a reorg replaced. */
  orphans: string[]
  /** Served, not on the chain, not sent by the producer: a reorg's own transfer, since replaced. */
  unknown: string[]
  misordered: number
}

interface HistoryItem {
  metadata: { hash: string; minedAt: string }
}

export class HistoryReadError extends Error {
  override name = 'HistoryReadError'
}

/** Every page of `account`'s history through `proxyUrl`, 100 at a time. */
async function servedHistory(proxyUrl: string, projectId: string, account: string) {
  const items: HistoryItem[] = []
  let cursor: string | null = null
  for (let page = 0; page < 10_000; page++) {
    const url = `${proxyUrl}/v1/account/${account}/history?projectId=${projectId}&chainId=eip155:31337&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const response = await fetch(url, { headers: { origin: APP_ORIGIN } })
    if (response.status !== 200)
      throw new HistoryReadError(`history of ${account}, page ${page}: ${response.status}`)
    const body = (await response.json()) as { data: HistoryItem[]; next: string | null }
    items.push(...body.data)
    cursor = body.next
    if (!cursor) return items
  }
  throw new HistoryReadError(`history of ${account} never ended`)
}

export async function compareHistory(options: {
  proxyUrl: string
  projectId: string
  rpcUrl: string
  accounts: readonly string[]
  head: number
  sent: Set<string>
}): Promise<AccountComparison[]> {
  const chain = await participation(options.rpcUrl, options.accounts, options.head)
  const out: AccountComparison[] = []
  for (const account of options.accounts) {
    const items = await servedHistory(options.proxyUrl, options.projectId, account)
    const hashes = items.map((item) => item.metadata.hash.toLowerCase())
    const want = chain.get(account.toLowerCase()) ?? new Set<string>()
    const seen = new Set<string>()
    const duplicates = hashes.filter((h) => seen.has(h) || !seen.add(h))
    const extra = [...seen].filter((h) => !want.has(h))
    let misordered = 0
    for (let i = 1; i < items.length; i++)
      if (items[i - 1]!.metadata.minedAt < items[i]!.metadata.minedAt) misordered++
    out.push({
      account,
      served: hashes.length,
      onChain: want.size,
      missing: [...want].filter((h) => !seen.has(h)),
      duplicates,
      orphans: extra.filter((h) => options.sent.has(h)),
      unknown: extra.filter((h) => !options.sent.has(h)),
      misordered,
    })
  }
  return out
}

export const historyDiffers = (c: AccountComparison) =>
  c.missing.length + c.duplicates.length + c.orphans.length + c.unknown.length + c.misordered > 0
