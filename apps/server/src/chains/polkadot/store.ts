import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import type { DecodedBlock, ExtrinsicRow, TransferRow } from './decode.js'
import {
  polkadotAccountExtrinsics,
  polkadotCheckpoints,
  polkadotExtrinsics,
  polkadotTransfers,
} from './schema.js'

/**
 * The Polkadot index's reads and writes. A batch of blocks is written in one transaction with
 * the checkpoint, so the index is always a prefix of the chain: a crash re-reads the batch, and
 * every insert is keyed, so a batch written twice (a fence lost after commit) changes nothing.
 */

export interface Checkpoint {
  number: number
  hash: string
}

export async function readCheckpoint(db: Db, chain: string): Promise<Checkpoint | null> {
  const [row] = await db
    .select()
    .from(polkadotCheckpoints)
    .where(eq(polkadotCheckpoints.chain, chain))
  return row ? { number: row.blockNumber, hash: row.blockHash } : null
}

export async function commitBlocks(
  db: Db,
  chain: string,
  blocks: DecodedBlock[],
  fence?: (tx: Db) => Promise<void>,
): Promise<void> {
  const last = blocks.at(-1)
  if (!last) return
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    await fence?.(tx)
    const extrinsics = blocks.flatMap((b) => b.extrinsics.map((e) => ({ chain, ...e })))
    const transfers = blocks.flatMap((b) => b.transfers.map((t) => ({ chain, ...t })))
    const touches = blocks.flatMap((b) =>
      b.touches.map(([account, extrinsicIndex]) => ({
        chain,
        account,
        blockNumber: b.number,
        extrinsicIndex,
      })),
    )
    for (let i = 0; i < extrinsics.length; i += 500)
      await tx
        .insert(polkadotExtrinsics)
        .values(extrinsics.slice(i, i + 500))
        .onConflictDoNothing()
    for (let i = 0; i < transfers.length; i += 500)
      await tx
        .insert(polkadotTransfers)
        .values(transfers.slice(i, i + 500))
        .onConflictDoNothing()
    for (let i = 0; i < touches.length; i += 1000)
      await tx
        .insert(polkadotAccountExtrinsics)
        .values(touches.slice(i, i + 1000))
        .onConflictDoNothing()
    const now = Date.now()
    await tx
      .insert(polkadotCheckpoints)
      .values({ chain, blockNumber: last.number, blockHash: last.hash, updatedAt: now })
      .onConflictDoUpdate({
        target: polkadotCheckpoints.chain,
        set: { blockNumber: last.number, blockHash: last.hash, updatedAt: now },
      })
  })
}

/** Where an account's page resumes: strictly older than this extrinsic. */
export interface Position {
  block: number
  index: number
}

export interface IndexedExtrinsic extends ExtrinsicRow {
  transfers: TransferRow[]
}

/** Up to `limit` of the account's extrinsics, newest first, strictly before `before`. */
export async function accountExtrinsics(
  db: Db,
  chain: string,
  account: string,
  before: Position | null,
  limit: number,
): Promise<IndexedExtrinsic[]> {
  const a = polkadotAccountExtrinsics
  const keys = await db
    .select({ block: a.blockNumber, index: a.extrinsicIndex })
    .from(a)
    .where(
      and(
        eq(a.chain, chain),
        eq(a.account, account),
        before
          ? or(
              lt(a.blockNumber, before.block),
              and(eq(a.blockNumber, before.block), lt(a.extrinsicIndex, before.index)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(a.blockNumber), desc(a.extrinsicIndex))
    .limit(limit)
  if (keys.length === 0) return []
  const pair = (t: { blockNumber: unknown; extrinsicIndex: unknown }) =>
    sql`(${t.blockNumber}, ${t.extrinsicIndex}) in (${sql.join(
      keys.map((k) => sql`(${k.block}::bigint, ${k.index}::int)`),
      sql`, `,
    )})`
  const blocks = [...new Set(keys.map((k) => k.block))]
  const [rows, transfers] = await Promise.all([
    db
      .select()
      .from(polkadotExtrinsics)
      .where(
        and(
          eq(polkadotExtrinsics.chain, chain),
          inArray(polkadotExtrinsics.blockNumber, blocks),
          pair(polkadotExtrinsics),
        ),
      ),
    db
      .select()
      .from(polkadotTransfers)
      .where(
        and(
          eq(polkadotTransfers.chain, chain),
          inArray(polkadotTransfers.blockNumber, blocks),
          pair(polkadotTransfers),
        ),
      ),
  ])
  const keyOf = (b: number, i: number) => `${b}:${i}`
  const byKey = new Map(rows.map((r) => [keyOf(r.blockNumber, r.extrinsicIndex), r]))
  return keys.flatMap((k) => {
    const row = byKey.get(keyOf(k.block, k.index))
    if (!row) return []
    const { chain: _chain, ...rest } = row
    return [
      {
        ...rest,
        fee: rest.fee === null ? null : String(rest.fee),
        transfers: transfers
          .filter((t) => t.blockNumber === k.block && t.extrinsicIndex === k.index)
          .sort((x, y) => x.eventIndex - y.eventIndex)
          .map(({ chain: _c, ...t }) => ({ ...t, amount: String(t.amount) })),
      },
    ]
  })
}
