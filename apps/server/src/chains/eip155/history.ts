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

/** Row of the page query; bigints are cast to float8 in SQL so both drivers return numbers. */
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
  /** [log_index, item, kind, token, token_id, from, to, amount, standard, name, symbol, decimals, spam_reason, nft_name, nft_image] */
  events: EventTuple[] | string | null
}

type EventTuple = [
  number,
  number,
  string,
  string | null,
  string | null,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  string | null,
  string | null,
  string | null,
]

// Above any real position: "no cursor" is the same statement as "after the newest row".
const TOP: CursorPosition = { minedAt: Number.MAX_SAFE_INTEGER, block: 0, txIndex: 0, chainId: 0 }

/**
 * One round trip per page. The CTE walks the participation index newest first from the cursor
 * (keyset: a row comparison on the index columns, so a range scan whatever the depth); each row
 * then joins its transaction, and a correlated subquery gathers the viewer's events of that
 * transaction with token and NFT metadata as one JSON array.
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
      (select json_agg(json_build_array(e.log_index, e.item, e.kind, e.token, e.token_id::text,
                e.from_address, e.to_address, e.amount::text, k.standard, k.name, k.symbol, k.decimals,
                k.spam_reason, n.name, n.image_url) order by e.log_index, e.item)
         from chain_events e
         left join chain_tokens k on k.chain_id = e.chain_id and k.address = e.token
         left join chain_nfts n on n.chain_id = e.chain_id and n.contract = e.token and n.token_id = e.token_id
         where e.chain_id = p.chain_id and e.tx_hash = p.tx_hash
           and (e.from_address = ${address} or e.to_address = ${address}
             -- every user operation of the bundle: where each one's logs end (userOperations.ts)
             or e.kind in ('user_operation', 'user_operation_failed'))) as events
    from page p
    join chain_transactions t on t.chain_id = p.chain_id and t.hash = p.tx_hash
    order by p.mined_at desc, p.block_number desc, p.tx_index desc, p.chain_id desc`,
  )
  const rows = result.rows
  const pageRows = rows.slice(0, limit)
  const last = pageRows.at(-1)
  const out: HistoryRows = {
    txs: [],
    events: new Map(),
    tokens: new Map(),
    nfts: new Map(),
    next:
      rows.length > limit && last
        ? {
            minedAt: Number(last.mined_at),
            block: Number(last.block_number),
            txIndex: last.tx_index,
            chainId: last.chain_id,
          }
        : null,
  }
  for (const r of pageRows) {
    const tx: StoredTx = {
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
    out.txs.push(tx)
    const tuples = (typeof r.events === 'string' ? JSON.parse(r.events) : r.events) as
      | EventTuple[]
      | null
    const events: ChainEvent[] = []
    for (const [
      logIndex,
      item,
      kind,
      token,
      tokenId,
      from,
      to,
      amount,
      standard,
      name,
      symbol,
      decimals,
      spamReason,
      nftName,
      nftImage,
    ] of tuples ?? []) {
      events.push({
        txHash: tx.hash as Hash,
        logIndex,
        item,
        kind: kind as EventKind,
        token: token as Address | null,
        tokenId: tokenId === null ? null : BigInt(tokenId),
        from: from as Address,
        to: to as Address,
        amount: BigInt(amount),
      })
      if (token && standard) {
        const tokens = out.tokens.get(tx.chainId) ?? new Map<string, TokenMetadata>()
        tokens.set(token, {
          address: token as Address,
          standard: standard as TokenStandard,
          name,
          symbol,
          decimals,
          spamReason,
        })
        out.tokens.set(tx.chainId, tokens)
      }
      if (token && tokenId !== null && (nftName !== null || nftImage !== null)) {
        const nfts = out.nfts.get(tx.chainId) ?? new Map<string, StoredNft>()
        nfts.set(nftKey(token, tokenId), { name: nftName, imageUrl: nftImage })
        out.nfts.set(tx.chainId, nfts)
      }
    }
    out.events.set(txKey(tx.chainId, tx.hash), events)
  }
  return out
}

export function eventsOf(rows: HistoryRows, tx: StoredTx): ChainEvent[] {
  return rows.events.get(txKey(tx.chainId, tx.hash)) ?? []
}
