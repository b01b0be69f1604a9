import { sql } from 'drizzle-orm'
import type { Db } from '../../../apps/server/src/db/types.js'

export const BENCH_CHAIN_ID = 31337
export const HEAVY_ACCOUNTS = 2

export interface SyntheticShape {
  transactions: number
  accounts: number
}

/** `0x` + 40 hex digits for account number `n`: the same formula in SQL and here. */
export const accountAddress = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

/**
 * Fills the chain data tables with `transactions` synthetic transactions, four per block, 12 s
 * apart. Senders and recipients are spread over `accounts` accounts, except that accounts 0 and 1
 * take part in one transaction in ten each (deep histories, ~100k rows for 1M transactions).
 * Every transaction has a native transfer event; one in fifty failed.
 */
export async function fillSynthetic(
  db: Db,
  shape: SyntheticShape,
  log: (message: string) => void = () => {},
): Promise<void> {
  const step = 100_000
  const A = shape.accounts
  for (let start = 1; start <= shape.transactions; start += step) {
    const end = Math.min(shape.transactions, start + step - 1)
    await db.execute(sql`
      insert into chain_transactions
        (chain_id, hash, block_number, tx_index, mined_at, from_address, to_address, contract_address, nonce, value, status, selector)
      select ${BENCH_CHAIN_ID}, '0x' || lpad(to_hex(i), 64, '0'), i / 4, i % 4, 1600000000 + (i / 4) * 12,
        '0x' || lpad(to_hex(f), 40, '0'), '0x' || lpad(to_hex(t), 40, '0'), null, i, (i::numeric * 1000000000000), 
        case when i % 50 = 0 then 0 else 1 end, null
      from generate_series(${start}::bigint, ${end}::bigint) as i
      cross join lateral (
        select case when i % 20 = 0 then 0 else 2 + (i * 7919) % ${A - 2} end as f,
               case when i % 20 = 1 then 1 else 2 + (i * 104729 + 13) % ${A - 2} end as t
      ) as p`)
    await db.execute(sql`
      insert into chain_account_transactions (chain_id, address, block_number, tx_index, mined_at, tx_hash)
      select chain_id, from_address, block_number, tx_index, mined_at, hash from chain_transactions
        where block_number between ${Math.floor(start / 4)} and ${Math.floor(end / 4)}
      union all
      select chain_id, to_address, block_number, tx_index, mined_at, hash from chain_transactions
        where block_number between ${Math.floor(start / 4)} and ${Math.floor(end / 4)} and to_address <> from_address
      on conflict do nothing`)
    await db.execute(sql`
      insert into chain_events (chain_id, tx_hash, log_index, item, block_number, kind, token, token_id, from_address, to_address, amount)
      select chain_id, hash, -1, 0, block_number, 'native', null, null, from_address, to_address, value
      from chain_transactions
      where block_number between ${Math.floor(start / 4)} and ${Math.floor(end / 4)} and status = 1
      on conflict do nothing`)
    log(`  ${end.toLocaleString('en')} / ${shape.transactions.toLocaleString('en')} transactions`)
  }
  // Vacuumed as autovacuum would in time: a bulk-loaded table read before then sets hint bits
  // (dirtying and writing pages) on its first reads, which no steady server pays.
  await db.execute(
    sql`vacuum (analyze) chain_transactions, chain_account_transactions, chain_events`,
  )
}
