import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import type { ExtractedTransaction, SolanaTransfer } from './extract.js'
import {
  solanaAccounts,
  solanaAccountTransactions,
  solanaMints,
  solanaTransactions,
  solanaTransfers,
} from './schema.js'

/** A position in the newest-first order (block time, slot, signature), all descending. */
export interface SolanaPosition {
  blockTime: number
  slot: number
  signature: string
}

export interface StoredSolanaTx {
  signature: string
  slot: number
  blockTime: number
  feePayer: string
  sentTo: string
  status: 'confirmed' | 'failed'
  /** The viewer's transfers. */
  transfers: SolanaTransfer[]
}

export interface SolanaPage {
  txs: StoredSolanaTx[]
  spamMints: Set<string>
  next: SolanaPosition | null
}

export interface SyncWrite {
  cluster: string
  viewer: string
  /** Transactions read from the cluster that the store did not have. */
  fresh: ExtractedTransaction[]
  /** Every signature found for the viewer in this sync (new to the viewer, maybe known already). */
  positions: SolanaPosition[]
  spamMints: string[]
  /** Newest signature per queried address (the wallet and its token accounts). */
  checkpoints: Array<{ address: string; newestSignature: string | null }>
}

export class SolanaStore {
  constructor(private readonly db: Db) {}

  async checkpoints(
    cluster: string,
    addresses: readonly string[],
  ): Promise<Map<string, string | null>> {
    if (addresses.length === 0) return new Map()
    const rows = await this.db
      .select({ address: solanaAccounts.address, newest: solanaAccounts.newestSignature })
      .from(solanaAccounts)
      .where(
        and(eq(solanaAccounts.cluster, cluster), inArray(solanaAccounts.address, [...addresses])),
      )
    return new Map(rows.map((r) => [r.address, r.newest]))
  }

  async known(cluster: string, signatures: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let i = 0; i < signatures.length; i += 500) {
      const rows = await this.db
        .select({ signature: solanaTransactions.signature })
        .from(solanaTransactions)
        .where(
          and(
            eq(solanaTransactions.cluster, cluster),
            inArray(solanaTransactions.signature, signatures.slice(i, i + 500) as string[]),
          ),
        )
      for (const row of rows) found.add(row.signature)
    }
    return found
  }

  /** Everything one sync learned, in one database transaction: all of it lands, or none. */
  async write(batch: SyncWrite): Promise<void> {
    const { cluster, viewer } = batch
    await this.db.transaction(async (tx) => {
      for (const t of batch.fresh) {
        await tx
          .insert(solanaTransactions)
          .values({
            cluster,
            signature: t.signature,
            slot: t.slot,
            blockTime: t.blockTime,
            feePayer: t.feePayer,
            sentTo: t.sentTo,
            status: t.status === 'confirmed' ? 1 : 0,
            fee: t.fee.toString(),
          })
          .onConflictDoNothing()
        if (t.transfers.length > 0)
          await tx
            .insert(solanaTransfers)
            .values(
              t.transfers.map((transfer, item) => ({
                cluster,
                signature: t.signature,
                item,
                mint: transfer.mint,
                fromOwner: transfer.from,
                toOwner: transfer.to,
                amount: transfer.amount.toString(),
                decimals: transfer.decimals,
              })),
            )
            .onConflictDoNothing()
      }
      for (let i = 0; i < batch.positions.length; i += 500)
        await tx
          .insert(solanaAccountTransactions)
          .values(
            batch.positions.slice(i, i + 500).map((p) => ({ cluster, address: viewer, ...p })),
          )
          .onConflictDoNothing()
      if (batch.spamMints.length > 0)
        await tx
          .insert(solanaMints)
          .values(batch.spamMints.map((mint) => ({ cluster, mint, spamReason: 'airdrop' })))
          .onConflictDoUpdate({
            target: [solanaMints.cluster, solanaMints.mint],
            set: { spamReason: 'airdrop' },
          })
      for (const { address, newestSignature } of batch.checkpoints)
        await tx
          .insert(solanaAccounts)
          .values({ cluster, address, newestSignature })
          .onConflictDoUpdate({
            target: [solanaAccounts.cluster, solanaAccounts.address],
            set: { newestSignature, syncedAt: sql`now()` },
          })
    })
  }

  async spamMints(cluster: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ mint: solanaMints.mint })
      .from(solanaMints)
      .where(and(eq(solanaMints.cluster, cluster), sql`${solanaMints.spamReason} is not null`))
    return new Set(rows.map((r) => r.mint))
  }

  /** The cluster's ledger was reset (a dev cluster restarted): what we knew of it is void. */
  async forgetCluster(cluster: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of [
        solanaAccounts,
        solanaAccountTransactions,
        solanaTransactions,
        solanaTransfers,
        solanaMints,
      ])
        await tx.delete(table).where(eq(table.cluster, cluster))
    })
  }

  /** One page, newest first, after `after` (keyset on the page index). */
  async page(
    cluster: string,
    viewer: string,
    after: SolanaPosition | null,
    limit: number,
  ): Promise<SolanaPage> {
    const position = after
      ? sql`and (a.block_time, a.slot, a.signature) < (${after.blockTime}, ${after.slot}, ${after.signature})`
      : sql``
    const result = (await this.db.execute(sql`
      select a.signature, a.slot::float8 as slot, a.block_time::float8 as block_time,
        t.fee_payer, t.sent_to, t.status,
        (select json_agg(json_build_array(f.mint, f.from_owner, f.to_owner, f.amount::text, f.decimals) order by f.item)
           from solana_transfers f
           where f.cluster = a.cluster and f.signature = a.signature
             and (f.from_owner = ${viewer} or f.to_owner = ${viewer})) as transfers
      from solana_account_transactions a
      join solana_transactions t on t.cluster = a.cluster and t.signature = a.signature
      where a.cluster = ${cluster} and a.address = ${viewer} ${position}
      order by a.block_time desc, a.slot desc, a.signature desc
      limit ${limit + 1}`)) as unknown as {
      rows: Array<{
        signature: string
        slot: number
        block_time: number
        fee_payer: string
        sent_to: string
        status: number
        transfers: Array<[string | null, string, string, string, number]> | string | null
      }>
    }
    const rows = result.rows.slice(0, limit)
    const txs = rows.map((r) => {
      const tuples = (typeof r.transfers === 'string' ? JSON.parse(r.transfers) : r.transfers) ?? []
      return {
        signature: r.signature,
        slot: Number(r.slot),
        blockTime: Number(r.block_time),
        feePayer: r.fee_payer,
        sentTo: r.sent_to,
        status: r.status === 1 ? ('confirmed' as const) : ('failed' as const),
        transfers: (tuples as Array<[string | null, string, string, string, number]>).map(
          ([mint, from, to, amount, decimals]) => ({
            mint,
            from,
            to,
            amount: BigInt(amount),
            decimals,
          }),
        ),
      }
    })
    const mints = [
      ...new Set(
        txs.flatMap((t) => t.transfers.map((f) => f.mint)).filter((m): m is string => !!m),
      ),
    ]
    const spamMints = new Set<string>()
    if (mints.length > 0) {
      const spam = await this.db
        .select({ mint: solanaMints.mint })
        .from(solanaMints)
        .where(and(eq(solanaMints.cluster, cluster), inArray(solanaMints.mint, mints)))
      for (const row of spam) spamMints.add(row.mint)
    }
    const last = txs.at(-1)
    return {
      txs,
      spamMints,
      next:
        result.rows.length > limit && last
          ? { blockTime: last.blockTime, slot: last.slot, signature: last.signature }
          : null,
    }
  }
}
