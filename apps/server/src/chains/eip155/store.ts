import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Address, Hash } from 'viem'
import type { Db } from '../../db/types.js'
import { announceHistoryChange, chainScope } from '../history-cache/announce.js'
import { ZERO_ADDRESS } from './decode.js'
import type { NftMetadata } from './metadata.js'
import {
  chainAccountTransactions,
  chainBlocks,
  chainCheckpoints,
  chainEvents,
  chainNfts,
  chainTokens,
  chainTransactions,
} from './schema.js'
import type { BlockBundle, TokenMetadata } from './types.js'

export interface Checkpoint {
  number: number
  hash: Hash
}

export interface NftRecord extends NftMetadata {
  contract: Address
  tokenId: bigint
}

export interface BatchExtras {
  /** Tokens seen for the first time in this batch, with their metadata. */
  tokens: TokenMetadata[]
  nfts: NftRecord[]
  /** Tokens to flag as spam now, with the reason. */
  spam: { token: Address; reason: string }[]
}

export interface CommitHooks {
  /**
   * Runs first inside the transaction and throws to refuse the write: the indexer lease's fence
   * (lease.ts), which also keeps the lease row locked until the commit.
   */
  fence?: (tx: Db) => Promise<void>
  /** Runs inside the transaction after every row is written, before commit (tests inject crashes here). */
  beforeCommit?: () => Promise<void> | void
}

// Postgres caps a statement at 65535 parameters; the widest table here has 11 columns.
const CHUNK = 2_000

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK))
  return out
}

/** Every account that took part in a transaction, for the participation index. */
export function participants(bundle: BlockBundle): Map<Hash, Set<Address>> {
  const byTx = new Map<Hash, Set<Address>>()
  for (const tx of bundle.txs) {
    const set = new Set<Address>([tx.from])
    if (tx.to) set.add(tx.to)
    if (tx.contractAddress) set.add(tx.contractAddress)
    byTx.set(tx.hash, set)
  }
  for (const event of bundle.events) {
    const set = byTx.get(event.txHash)
    if (!set) continue
    set.add(event.from)
    set.add(event.to)
  }
  // The zero address is in every mint and burn; its "history" would be the whole chain.
  for (const set of byTx.values()) set.delete(ZERO_ADDRESS)
  return byTx
}

/**
 * The indexer's database side. Every write for a batch of blocks, the checkpoint included, happens
 * in one transaction, and every insert is keyed (chain, tx hash, log index, item) or similar with
 * ON CONFLICT DO NOTHING: a crash at any point leaves either the whole batch or none of it, and
 * replaying a batch is harmless.
 */
export class ChainStore {
  constructor(
    readonly db: Db,
    /** How many recent block hashes to keep for reorg detection. */
    readonly keepBlocks = 256,
  ) {}

  async checkpoint(chainId: number): Promise<Checkpoint | null> {
    const [row] = await this.db
      .select({ number: chainCheckpoints.blockNumber, hash: chainCheckpoints.blockHash })
      .from(chainCheckpoints)
      .where(eq(chainCheckpoints.chainId, chainId))
    return row ? { number: row.number, hash: row.hash as Hash } : null
  }

  async blockHash(chainId: number, number: number): Promise<Hash | null> {
    const [row] = await this.db
      .select({ hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), eq(chainBlocks.number, number)))
    return (row?.hash as Hash | undefined) ?? null
  }

  async lowestKeptBlock(chainId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ min: sql<string | null>`min(${chainBlocks.number})` })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.number, 0)))
    return row?.min == null ? null : Number(row.min)
  }

  /** The subset of `addresses` already in the token table. */
  async knownTokens(chainId: number, addresses: Address[]): Promise<Set<Address>> {
    if (addresses.length === 0) return new Set()
    const rows = await this.db
      .select({ address: chainTokens.address })
      .from(chainTokens)
      .where(and(eq(chainTokens.chainId, chainId), inArray(chainTokens.address, addresses)))
    return new Set(rows.map((r) => r.address as Address))
  }

  async commit(
    chainId: number,
    bundles: BlockBundle[],
    extras: BatchExtras,
    hooks: CommitHooks = {},
  ): Promise<void> {
    const last = bundles.at(-1)
    if (!last) return
    await this.db.transaction(async (tx) => {
      await hooks.fence?.(tx as unknown as Db)
      // One statement per table whatever the batch size: columns travel as arrays and `unnest`
      // turns them back into rows (far cheaper than thousands of bound parameters).
      const col = <T>(values: T[]) => sql.param(values)
      await tx.execute(sql`
        insert into chain_blocks (chain_id, number, hash, parent_hash, timestamp)
        select ${chainId}, * from unnest(${col(bundles.map((b) => b.number))}::bigint[],
          ${col(bundles.map((b) => b.hash))}::text[], ${col(bundles.map((b) => b.parentHash))}::text[],
          ${col(bundles.map((b) => b.timestamp))}::bigint[])
        on conflict (chain_id, number) do update
          set hash = excluded.hash, parent_hash = excluded.parent_hash, timestamp = excluded.timestamp`)

      const t = {
        hash: [] as string[],
        block: [] as number[],
        index: [] as number[],
        minedAt: [] as number[],
        from: [] as string[],
        to: [] as (string | null)[],
        created: [] as (string | null)[],
        nonce: [] as number[],
        value: [] as string[],
        status: [] as number[],
        selector: [] as (string | null)[],
      }
      const e = {
        tx: [] as string[],
        log: [] as number[],
        item: [] as number[],
        block: [] as number[],
        kind: [] as string[],
        token: [] as (string | null)[],
        tokenId: [] as (string | null)[],
        from: [] as string[],
        to: [] as string[],
        amount: [] as string[],
      }
      const a = {
        address: [] as string[],
        block: [] as number[],
        index: [] as number[],
        minedAt: [] as number[],
        tx: [] as string[],
      }
      for (const bundle of bundles) {
        for (const x of bundle.txs) {
          t.hash.push(x.hash)
          t.block.push(bundle.number)
          t.index.push(x.txIndex)
          t.minedAt.push(bundle.timestamp)
          t.from.push(x.from)
          t.to.push(x.to)
          t.created.push(x.contractAddress)
          t.nonce.push(x.nonce)
          t.value.push(x.value.toString())
          t.status.push(x.status === 'confirmed' ? 1 : 0)
          t.selector.push(x.selector)
        }
        for (const x of bundle.events) {
          e.tx.push(x.txHash)
          e.log.push(x.logIndex)
          e.item.push(x.item)
          e.block.push(bundle.number)
          e.kind.push(x.kind)
          e.token.push(x.token)
          e.tokenId.push(x.tokenId?.toString() ?? null)
          e.from.push(x.from)
          e.to.push(x.to)
          e.amount.push(x.amount.toString())
        }
        const indexOf = new Map(bundle.txs.map((x) => [x.hash, x.txIndex]))
        for (const [hash, addresses] of participants(bundle))
          for (const address of addresses) {
            a.address.push(address)
            a.block.push(bundle.number)
            a.index.push(indexOf.get(hash)!)
            a.minedAt.push(bundle.timestamp)
            a.tx.push(hash)
          }
      }
      if (t.hash.length > 0)
        await tx.execute(sql`
          insert into chain_transactions (chain_id, hash, block_number, tx_index, mined_at, from_address,
            to_address, contract_address, nonce, value, status, selector)
          select ${chainId}, * from unnest(${col(t.hash)}::text[], ${col(t.block)}::bigint[],
            ${col(t.index)}::int[], ${col(t.minedAt)}::bigint[], ${col(t.from)}::text[], ${col(t.to)}::text[],
            ${col(t.created)}::text[], ${col(t.nonce)}::bigint[], ${col(t.value)}::numeric[],
            ${col(t.status)}::smallint[], ${col(t.selector)}::text[])
          on conflict do nothing`)
      if (e.tx.length > 0)
        await tx.execute(sql`
          insert into chain_events (chain_id, tx_hash, log_index, item, block_number, kind, token, token_id,
            from_address, to_address, amount)
          select ${chainId}, * from unnest(${col(e.tx)}::text[], ${col(e.log)}::int[], ${col(e.item)}::int[],
            ${col(e.block)}::bigint[], ${col(e.kind)}::text[], ${col(e.token)}::text[],
            ${col(e.tokenId)}::numeric[], ${col(e.from)}::text[], ${col(e.to)}::text[], ${col(e.amount)}::numeric[])
          on conflict do nothing`)
      if (a.tx.length > 0)
        await tx.execute(sql`
          insert into chain_account_transactions (chain_id, address, block_number, tx_index, mined_at, tx_hash)
          select ${chainId}, * from unnest(${col(a.address)}::text[], ${col(a.block)}::bigint[],
            ${col(a.index)}::int[], ${col(a.minedAt)}::bigint[], ${col(a.tx)}::text[])
          on conflict do nothing`)

      const tokenRows = extras.tokens.map((t) => ({
        chainId,
        address: t.address,
        standard: t.standard,
        name: t.name,
        symbol: t.symbol,
        decimals: t.decimals,
        spamReason: t.spamReason,
      }))
      for (const rows of chunks(tokenRows))
        await tx.insert(chainTokens).values(rows).onConflictDoNothing()
      const nftRows = extras.nfts.map((n) => ({
        chainId,
        contract: n.contract,
        tokenId: n.tokenId.toString(),
        tokenUri: n.tokenUri,
        name: n.name,
        imageUrl: n.imageUrl,
      }))
      for (const rows of chunks(nftRows))
        await tx.insert(chainNfts).values(rows).onConflictDoNothing()
      for (const { token, reason } of extras.spam)
        await tx
          .update(chainTokens)
          .set({ spamReason: reason })
          .where(
            and(
              eq(chainTokens.chainId, chainId),
              eq(chainTokens.address, token),
              sql`${chainTokens.spamReason} is null`,
            ),
          )

      await tx.delete(chainBlocks).where(
        and(
          eq(chainBlocks.chainId, chainId),
          lt(chainBlocks.number, last.number - this.keepBlocks),
          // Block 0 stays: its hash tells a reorg from a chain that was replaced.
          gt(chainBlocks.number, 0),
        ),
      )
      await tx
        .insert(chainCheckpoints)
        .values({ chainId, blockNumber: last.number, blockHash: last.hash })
        .onConflictDoUpdate({
          target: chainCheckpoints.chainId,
          set: { blockNumber: last.number, blockHash: last.hash, updatedAt: sql`now()` },
        })
      // Delivered at commit: every API server's history cache drops this chain's pages.
      await announceHistoryChange(tx as unknown as Db, chainScope('eip155', chainId))
      await hooks.beforeCommit?.()
    })
  }

  /** Forgets every block above `ancestor` (a reorg's common ancestor), in one transaction. */
  async rollback(
    chainId: number,
    ancestor: Checkpoint | null,
    hooks: Pick<CommitHooks, 'fence'> = {},
  ): Promise<void> {
    const above = ancestor?.number ?? -1
    await this.db.transaction(async (tx) => {
      await hooks.fence?.(tx as unknown as Db)
      await tx
        .delete(chainAccountTransactions)
        .where(
          and(
            eq(chainAccountTransactions.chainId, chainId),
            gt(chainAccountTransactions.blockNumber, above),
          ),
        )
      await tx
        .delete(chainEvents)
        .where(and(eq(chainEvents.chainId, chainId), gt(chainEvents.blockNumber, above)))
      await tx
        .delete(chainTransactions)
        .where(
          and(eq(chainTransactions.chainId, chainId), gt(chainTransactions.blockNumber, above)),
        )
      await tx
        .delete(chainBlocks)
        .where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.number, above)))
      if (ancestor)
        await tx
          .update(chainCheckpoints)
          .set({ blockNumber: ancestor.number, blockHash: ancestor.hash, updatedAt: sql`now()` })
          .where(eq(chainCheckpoints.chainId, chainId))
      else await tx.delete(chainCheckpoints).where(eq(chainCheckpoints.chainId, chainId))
      await announceHistoryChange(tx as unknown as Db, chainScope('eip155', chainId))
    })
  }
}
