import { type SQL, sql } from 'drizzle-orm'
import type { Address, Hash } from 'viem'
import { executeNamed } from '../../db/named-query.js'
import type { Db } from '../../db/types.js'
import type { CursorPosition } from '../shared/cursor.js'
import type { ChainEvent, EventKind, TokenMetadata, TokenStandard } from './types.js'
import { nftKey, type StoredNft, type StoredTx } from './wire.js'

export interface HistoryQuery {
  address: Address
  /** null: every indexed chain. */
  chainId: number | null
  after: CursorPosition | null
  limit: number
}

export interface HistoryRows {
  txs: StoredTx[]
  /** The viewer's events and the transaction's user operations, by `${chainId}:${hash}`. */
  events: Map<string, ChainEvent[]>
  /** Per chain: token metadata and NFT metadata. */
  tokens: Map<number, Map<string, TokenMetadata>>
  nfts: Map<number, Map<string, StoredNft>>
  /** Position of the last row when there is a further page. */
  next: CursorPosition | null
}

const txKey = (chainId: number, hash: string) => `${chainId}:${hash}`

/**
 * Row of the page query: a transaction with one of the viewer's events (or none, the event
 * columns null), repeated per event. Bigints are cast to float8 or text in SQL so both drivers
 * return the same types.
 */
interface PageRow extends Record<string, unknown> {
  chain_id: number
  block_number: number
  tx_index: number
  mined_at: number
  hash: string
  from_address: string
  to_address: string | null
  contract_address: string | null
  nonce: number
  status: number
  selector: string | null
  log_index: number | null
  item: number | null
  kind: string | null
  token: string | null
  token_id: string | null
  event_from: string | null
  event_to: string | null
  amount: string | null
  standard: string | null
  token_name: string | null
  symbol: string | null
  decimals: number | null
  spam_reason: string | null
  nft_name: string | null
  nft_image: string | null
}

// Above any real position: "no cursor" is the same statement as "after the newest row".
const TOP: CursorPosition = { minedAt: Number.MAX_SAFE_INTEGER, block: 0, txIndex: 0, chainId: 0 }

/**
 * One round trip per page. The CTE walks the participation index newest first from the cursor
 * (keyset: a row comparison on the index columns, so a range scan whatever the depth); each row
 * then joins its transaction and the viewer's events of it with token and NFT metadata, one row
 * per event, grouped here. (A correlated subquery building each transaction's events as a JSON
 * array, parsed again here, was 70% of the query's execution: docs/benchmarks.md.)
 */
export async function readHistory(db: Db, query: HistoryQuery): Promise<HistoryRows> {
  const { address, chainId, limit } = query
  const after = query.after ?? TOP
  let page: SQL
  if (chainId !== null)
    page = sql`select chain_id, block_number, tx_index, mined_at, tx_hash from chain_account_transactions
      where chain_id = ${chainId} and address = ${address}
        and (mined_at, block_number, tx_index) < (${after.minedAt}, ${after.block}, ${after.txIndex})
      order by mined_at desc, block_number desc, tx_index desc
      limit ${limit + 1}`
  else
    page = sql`select chain_id, block_number, tx_index, mined_at, tx_hash from chain_account_transactions
      where address = ${address}
        and (mined_at, block_number, tx_index, chain_id) < (${after.minedAt}, ${after.block}, ${after.txIndex}, ${after.chainId})
      order by mined_at desc, block_number desc, tx_index desc, chain_id desc
      limit ${limit + 1}`
  // A named statement per variant (one chain, every chain): planning cost as much as running
  // the query on 1M rows, and the plan is the same index range scan whatever the values.
  const result = await executeNamed<PageRow>(
    db,
    chainId !== null ? 'latch_history_page_chain' : 'latch_history_page_all',
    sql`
    with page as (${page})
    select p.chain_id, p.block_number::float8 as block_number, p.tx_index, p.mined_at::float8 as mined_at,
      t.hash, t.from_address, t.to_address, t.contract_address, t.nonce::float8 as nonce, t.status, t.selector,
      e.log_index, e.item, e.kind, e.token, e.token_id::text as token_id, e.from_address as event_from,
      e.to_address as event_to, e.amount::text as amount, k.standard, k.name as token_name, k.symbol,
      k.decimals, k.spam_reason, n.name as nft_name, n.image_url as nft_image
    from page p
    join chain_transactions t on t.chain_id = p.chain_id and t.hash = p.tx_hash
    left join chain_events e on e.chain_id = p.chain_id and e.tx_hash = p.tx_hash
      and (e.from_address = ${address} or e.to_address = ${address}
        -- every user operation of the bundle: where each one's logs end (userOperations.ts)
        or e.kind in ('user_operation', 'user_operation_failed'))
    left join chain_tokens k on k.chain_id = e.chain_id and k.address = e.token
    left join chain_nfts n on n.chain_id = e.chain_id and n.contract = e.token and n.token_id = e.token_id
    order by p.mined_at desc, p.block_number desc, p.tx_index desc, p.chain_id desc, e.log_index, e.item`,
  )
  return groupPage(result.rows, limit)
}

/** The page's rows, one per (transaction, event), as transactions with their events. */
function groupPage(rows: PageRow[], limit: number): HistoryRows {
  const out: HistoryRows = {
    txs: [],
    events: new Map(),
    tokens: new Map(),
    nfts: new Map(),
    next: null,
  }
  let current: ChainEvent[] = []
  for (const r of rows) {
    const last = out.txs.at(-1)
    if (!last || last.chainId !== r.chain_id || last.hash !== r.hash) {
      // One row past the page's transactions: there is a further page, and it starts after `last`.
      if (out.txs.length === limit) {
        if (last)
          out.next = {
            minedAt: last.minedAt,
            block: last.blockNumber,
            txIndex: last.txIndex,
            chainId: last.chainId,
          }
        break
      }
      const tx = toStoredTx(r)
      out.txs.push(tx)
      current = []
      out.events.set(txKey(tx.chainId, tx.hash), current)
    }
    if (r.log_index !== null) addEvent(out, current, r)
  }
  return out
}

function toStoredTx(r: PageRow): StoredTx {
  return {
    chainId: r.chain_id,
    hash: r.hash,
    blockNumber: Number(r.block_number),
    txIndex: r.tx_index,
    minedAt: Number(r.mined_at),
    from: r.from_address as Address,
    to: r.to_address as Address | null,
    contractAddress: r.contract_address as Address | null,
    nonce: Number(r.nonce),
    status: r.status === 1 ? 'confirmed' : 'failed',
    selector: r.selector,
  }
}

function addEvent(out: HistoryRows, events: ChainEvent[], r: PageRow): void {
  const chainId = r.chain_id
  const token = r.token
  const tokenId = r.token_id
  events.push({
    txHash: r.hash as Hash,
    logIndex: r.log_index!,
    item: r.item!,
    kind: r.kind as EventKind,
    token: token as Address | null,
    tokenId: tokenId === null ? null : BigInt(tokenId),
    from: r.event_from as Address,
    to: r.event_to as Address,
    amount: BigInt(r.amount!),
  })
  if (token && r.standard) {
    const tokens = out.tokens.get(chainId) ?? new Map<string, TokenMetadata>()
    tokens.set(token, {
      address: token as Address,
      standard: r.standard as TokenStandard,
      name: r.token_name,
      symbol: r.symbol,
      decimals: r.decimals,
      spamReason: r.spam_reason,
    })
    out.tokens.set(chainId, tokens)
  }
  if (token && tokenId !== null && (r.nft_name !== null || r.nft_image !== null)) {
    const nfts = out.nfts.get(chainId) ?? new Map<string, StoredNft>()
    nfts.set(nftKey(token, tokenId), { name: r.nft_name, imageUrl: r.nft_image })
    out.nfts.set(chainId, nfts)
  }
}

export function eventsOf(rows: HistoryRows, tx: StoredTx): ChainEvent[] {
  return rows.events.get(txKey(tx.chainId, tx.hash)) ?? []
}
