import type { Address } from 'viem'
import { getJson, isObject, mapUpstream } from '../../../net/get-json.js'
import type { SpamPolicy } from '../spam.js'
import type { Transaction } from '../types.js'
import type { NativeCurrency } from '../wire.js'
import {
  type BlockscoutPage,
  type BlockscoutTokenTransfer,
  type BlockscoutTransaction,
  blockscoutToWire,
  type PageParams,
} from './blockscout-map.js'
import {
  type HistoryProvider,
  type HistoryRequest,
  ProviderError,
  type ProviderPage,
} from './types.js'

export type { BlockscoutPage } from './blockscout-map.js'

export interface BlockscoutOptions {
  chainId: number
  /** e.g. `https://eth.blockscout.com/api/v2` */
  baseUrl: string
  native: NativeCurrency
  spam: SpamPolicy
  fetch?: typeof fetch
}

/**
 * Continuation. Each upstream list resumes at the page holding its first row at or below the last
 * transaction served (`null`: its first page, `'end'`: nothing left); rows at or above that
 * transaction, by (block, position), were served already and are skipped.
 */
interface Continuation {
  txs: PageParams | null | 'end'
  transfers: PageParams | null | 'end'
  block: number
  position: number
}

// A page needs at most a few upstream pages per list; more means an upstream that does not advance.
const MAX_UPSTREAM_PAGES = 40

/** One of the two upstream lists, both newest block first, read page by page. */
class Lane<T> {
  readonly rows: { item: T; block: number; page: number }[] = []
  private readonly pages: (PageParams | null)[] = []
  private next: PageParams | null
  done: boolean

  constructor(
    private readonly fetchPage: (params: PageParams | null) => Promise<BlockscoutPage<T>>,
    start: PageParams | null | 'end',
    private readonly blockOf: (item: T) => number | null | undefined,
  ) {
    this.done = start === 'end'
    this.next = start === 'end' ? null : start
  }

  /** Every row of a block above this has been read. */
  get reach(): number {
    if (this.done) return Number.NEGATIVE_INFINITY
    return this.rows.at(-1)?.block ?? Number.POSITIVE_INFINITY
  }

  async read(): Promise<void> {
    const params = this.next
    const page = await this.fetchPage(params)
    this.pages.push(params)
    for (const item of page.items) {
      const block = this.blockOf(item)
      // Pending transactions have no block yet; history lists mined ones.
      if (typeof block === 'number') this.rows.push({ item, block, page: this.pages.length - 1 })
    }
    this.next = page.next_page_params
    this.done = page.next_page_params === null
  }

  /** Where the next request starts so that it sees every row of `block` and below. */
  resumeAt(block: number): PageParams | null | 'end' {
    const row = this.rows.find((r) => r.block <= block)
    if (row) return this.pages[row.page] ?? null
    return this.done ? 'end' : this.next
  }
}

interface Entry {
  block: number
  position: number
  tx: BlockscoutTransaction
  extra: BlockscoutTokenTransfer[]
}

/**
 * History from a Blockscout explorer (REST API v2, no key). Merges the address's transactions
 * (those it sent or received) with its token transfers (which add the transactions in which it only
 * received tokens), one row per transaction, newest first, `limit` rows a page.
 */
export class BlockscoutProvider implements HistoryProvider {
  readonly kind = 'blockscout'
  constructor(private readonly options: BlockscoutOptions) {}

  private get base() {
    return this.options.baseUrl.replace(/\/$/, '')
  }

  private async list<T>(path: string, params: PageParams | null): Promise<BlockscoutPage<T>> {
    const url = new URL(`${this.base}${path}`)
    for (const [key, value] of Object.entries(params ?? {}))
      if (value !== null && value !== undefined) url.searchParams.set(key, String(value))
    const body = await getJson('Blockscout', url, { fetch: this.options.fetch })
    if (!isObject(body) || !Array.isArray(body.items))
      throw new ProviderError('Blockscout answered without items')
    const next = body.next_page_params ?? null
    if (next !== null && !isObject(next))
      throw new ProviderError('Blockscout answered a malformed next_page_params')
    return { items: body.items as T[], next_page_params: next as PageParams | null }
  }

  private async transaction(hash: string): Promise<BlockscoutTransaction> {
    const body = await getJson('Blockscout', new URL(`${this.base}/transactions/${hash}`), {
      fetch: this.options.fetch,
    })
    if (!isObject(body) || typeof body.hash !== 'string' || !isObject(body.from))
      throw new ProviderError(`Blockscout answered without transaction ${hash}`)
    return body as unknown as BlockscoutTransaction
  }

  history(request: HistoryRequest): Promise<ProviderPage> {
    return mapUpstream('Blockscout', () => this.page(request))
  }

  private async page(request: HistoryRequest): Promise<ProviderPage> {
    const after = parseContinuation(request.cursor)
    const address = request.address
    const txs = new Lane<BlockscoutTransaction>(
      (params) => this.list(`/addresses/${address}/transactions`, params),
      after?.txs ?? null,
      (t) => t.block_number ?? t.block,
    )
    const transfers = new Lane<BlockscoutTokenTransfer>(
      (params) => this.list(`/addresses/${address}/token-transfers`, params),
      after?.transfers ?? null,
      (t) => t.block_number,
    )
    const entries: Entry[] = []
    // Blocks at or above this one have become entries.
    let scanned = Number.POSITIVE_INFINITY
    let reads = 0
    for (;;) {
      // A block is complete once neither list can hold more of it.
      const frontier = Math.max(txs.reach, transfers.reach)
      const blocks = [...new Set([...txs.rows, ...transfers.rows].map((r) => r.block))]
        .filter((b) => b > frontier && b < scanned)
        .sort((a, b) => b - a)
      for (const block of blocks) {
        entries.push(...(await this.entries(block, txs, transfers, after)))
        scanned = block
        if (entries.length > request.limit) break
      }
      if (entries.length > request.limit || frontier === Number.NEGATIVE_INFINITY) break
      if (++reads > MAX_UPSTREAM_PAGES)
        throw new ProviderError('Blockscout kept paging without reaching the end of a block')
      await (txs.reach >= transfers.reach ? txs : transfers).read()
    }
    const page = entries.slice(0, request.limit)
    const last = page.at(-1)
    const more = entries.length > request.limit && last !== undefined
    const data: Transaction[] = page.map((e) =>
      blockscoutToWire(address as Address, e.tx, e.extra, {
        chainId: this.options.chainId,
        native: this.options.native,
        spam: this.options.spam,
      }),
    )
    const next: Continuation | null = more
      ? {
          txs: txs.resumeAt(last.block),
          transfers: transfers.resumeAt(last.block),
          block: last.block,
          position: last.position,
        }
      : null
    return { data, continuation: next ? JSON.stringify(next) : null }
  }

  /** The transactions of one complete block not served yet, highest position first. */
  private async entries(
    block: number,
    txs: Lane<BlockscoutTransaction>,
    transfers: Lane<BlockscoutTokenTransfer>,
    after: Continuation | null,
  ): Promise<Entry[]> {
    const byHash = new Map<
      string,
      { tx?: BlockscoutTransaction; extra: BlockscoutTokenTransfer[] }
    >()
    for (const row of txs.rows)
      if (row.block === block) byHash.set(row.item.hash.toLowerCase(), { tx: row.item, extra: [] })
    for (const row of transfers.rows) {
      if (row.block !== block || !row.item.transaction_hash) continue
      const hash = row.item.transaction_hash.toLowerCase()
      const entry = byHash.get(hash) ?? { extra: [] }
      entry.extra.push(row.item)
      byHash.set(hash, entry)
    }
    // Transactions the address only received tokens in: the transfer list does not say who sent
    // them or where they sit in the block, so read them.
    const entries = await Promise.all(
      [...byHash].map(async ([hash, { tx, extra }]) => {
        const full = tx ?? (await this.transaction(hash))
        return { block, position: full.position ?? 0, tx: full, extra }
      }),
    )
    return entries
      .filter(
        (e) =>
          !after ||
          e.block < after.block ||
          (e.block === after.block && e.position < after.position),
      )
      .sort((a, b) => b.position - a.position)
  }
}

function parseContinuation(cursor: string | null): Continuation | null {
  if (!cursor) return null
  let value: unknown
  try {
    value = JSON.parse(cursor)
  } catch {
    throw new ProviderError('Blockscout continuation is not JSON')
  }
  const lane = (v: unknown) => v === null || v === 'end' || isObject(v)
  if (
    !isObject(value) ||
    !lane(value.txs) ||
    !lane(value.transfers) ||
    !Number.isSafeInteger(value.block) ||
    !Number.isSafeInteger(value.position)
  )
    throw new ProviderError('Blockscout continuation is malformed')
  return value as unknown as Continuation
}
