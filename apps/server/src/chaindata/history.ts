import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Address, Hash } from 'viem'
import {
  chainAccountTransactions as acct,
  chainEvents,
  chainNfts,
  chainTokens,
  chainTransactions as txs,
} from '../db/schema/chaindata.js'
import type { Db } from '../db/types.js'
import type { CursorPosition } from './cursor.js'
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
  /** The viewer's events, by `${chainId}:${hash}`. */
  events: Map<string, ChainEvent[]>
  /** Per chain: token metadata and NFT metadata. */
  tokens: Map<number, Map<string, TokenMetadata>>
  nfts: Map<number, Map<string, StoredNft>>
  /** Position of the last row when there is a further page. */
  next: CursorPosition | null
}

const txKey = (chainId: number, hash: string) => `${chainId}:${hash}`

/**
 * Two queries per page. The first walks the participation index newest first from the cursor
 * (keyset: a row comparison on the index columns, so it is a range scan whatever the offset) and
 * joins the transactions; the second fetches the viewer's events of those transactions with their
 * token and NFT metadata.
 */
export async function readHistory(db: Db, query: HistoryQuery): Promise<HistoryRows> {
  const { address, chainId, after, limit } = query
  const where: SQL[] = [eq(acct.address, address)]
  if (chainId !== null) {
    where.push(eq(acct.chainId, chainId))
    if (after)
      where.push(
        sql`(${acct.minedAt}, ${acct.blockNumber}, ${acct.txIndex}) < (${after.minedAt}, ${after.block}, ${after.txIndex})`,
      )
  } else if (after)
    where.push(
      sql`(${acct.minedAt}, ${acct.blockNumber}, ${acct.txIndex}, ${acct.chainId}) < (${after.minedAt}, ${after.block}, ${after.txIndex}, ${after.chainId})`,
    )
  const order =
    chainId !== null
      ? [desc(acct.minedAt), desc(acct.blockNumber), desc(acct.txIndex)]
      : [desc(acct.minedAt), desc(acct.blockNumber), desc(acct.txIndex), desc(acct.chainId)]
  const rows = await db
    .select({
      chainId: acct.chainId,
      blockNumber: acct.blockNumber,
      txIndex: acct.txIndex,
      minedAt: acct.minedAt,
      hash: txs.hash,
      from: txs.fromAddress,
      to: txs.toAddress,
      contractAddress: txs.contractAddress,
      nonce: txs.nonce,
      status: txs.status,
      selector: txs.selector,
    })
    .from(acct)
    .innerJoin(txs, and(eq(txs.chainId, acct.chainId), eq(txs.hash, acct.txHash)))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1)

  const page = rows.slice(0, limit)
  const lastRow = page.at(-1)
  const next =
    rows.length > limit && lastRow
      ? {
          minedAt: lastRow.minedAt,
          block: lastRow.blockNumber,
          txIndex: lastRow.txIndex,
          chainId: lastRow.chainId,
        }
      : null
  const stored: StoredTx[] = page.map((r) => ({
    chainId: r.chainId,
    hash: r.hash,
    blockNumber: r.blockNumber,
    txIndex: r.txIndex,
    minedAt: r.minedAt,
    from: r.from as Address,
    to: r.to as Address | null,
    contractAddress: r.contractAddress as Address | null,
    nonce: r.nonce,
    status: r.status === 1 ? 'confirmed' : 'failed',
    selector: r.selector,
  }))

  const result: HistoryRows = {
    txs: stored,
    events: new Map(),
    tokens: new Map(),
    nfts: new Map(),
    next,
  }
  if (stored.length === 0) return result

  const byChain = new Map<number, string[]>()
  for (const t of stored) byChain.set(t.chainId, [...(byChain.get(t.chainId) ?? []), t.hash])
  const perChain = [...byChain].map(([c, hashes]) =>
    and(eq(chainEvents.chainId, c), inArray(chainEvents.txHash, hashes)),
  )
  const eventRows = await db
    .select({
      chainId: chainEvents.chainId,
      txHash: chainEvents.txHash,
      logIndex: chainEvents.logIndex,
      item: chainEvents.item,
      kind: chainEvents.kind,
      token: chainEvents.token,
      tokenId: chainEvents.tokenId,
      from: chainEvents.fromAddress,
      to: chainEvents.toAddress,
      amount: chainEvents.amount,
      standard: chainTokens.standard,
      name: chainTokens.name,
      symbol: chainTokens.symbol,
      decimals: chainTokens.decimals,
      spamReason: chainTokens.spamReason,
      nftName: chainNfts.name,
      nftImage: chainNfts.imageUrl,
    })
    .from(chainEvents)
    .leftJoin(
      chainTokens,
      and(eq(chainTokens.chainId, chainEvents.chainId), eq(chainTokens.address, chainEvents.token)),
    )
    .leftJoin(
      chainNfts,
      and(
        eq(chainNfts.chainId, chainEvents.chainId),
        eq(chainNfts.contract, chainEvents.token),
        eq(chainNfts.tokenId, chainEvents.tokenId),
      ),
    )
    .where(
      and(
        perChain.length === 1 ? perChain[0] : or(...perChain),
        or(eq(chainEvents.fromAddress, address), eq(chainEvents.toAddress, address)),
      ),
    )
    .orderBy(chainEvents.chainId, chainEvents.txHash, chainEvents.logIndex, chainEvents.item)

  for (const r of eventRows) {
    const key = txKey(r.chainId, r.txHash)
    const list = result.events.get(key) ?? []
    list.push({
      txHash: r.txHash as Hash,
      logIndex: r.logIndex,
      item: r.item,
      kind: r.kind as EventKind,
      token: r.token as Address | null,
      tokenId: r.tokenId === null ? null : BigInt(r.tokenId),
      from: r.from as Address,
      to: r.to as Address,
      amount: BigInt(r.amount),
    })
    result.events.set(key, list)
    if (r.token && r.standard) {
      const tokens = result.tokens.get(r.chainId) ?? new Map<string, TokenMetadata>()
      tokens.set(r.token, {
        address: r.token as Address,
        standard: r.standard as TokenStandard,
        name: r.name,
        symbol: r.symbol,
        decimals: r.decimals,
        spamReason: r.spamReason,
      })
      result.tokens.set(r.chainId, tokens)
    }
    if (r.token && r.tokenId !== null && (r.nftName !== null || r.nftImage !== null)) {
      const nfts = result.nfts.get(r.chainId) ?? new Map<string, StoredNft>()
      nfts.set(nftKey(r.token, r.tokenId), { name: r.nftName, imageUrl: r.nftImage })
      result.nfts.set(r.chainId, nfts)
    }
  }
  return result
}

export function eventsOf(rows: HistoryRows, tx: StoredTx): ChainEvent[] {
  return rows.events.get(txKey(tx.chainId, tx.hash)) ?? []
}
