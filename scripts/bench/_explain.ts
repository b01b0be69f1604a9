import { sql } from 'drizzle-orm'
import pg from 'pg'
import { readHistory } from '/work/main/apps/server/src/chaindata/history.ts'
import { migrate } from '/work/main/apps/server/src/db/migrate.ts'
import { openDatabase } from '/work/main/apps/server/src/db/open.ts'
import { accountAddress, fillSynthetic } from '/work/main/scripts/bench/history/synthetic.ts'
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' })
await admin.connect(); await admin.query('drop database if exists latch_explain with (force)'); await admin.query('create database latch_explain'); await admin.end()
const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/latch_explain', dataDir: 'memory://' })
await migrate(db)
await fillSynthetic(db.db, { transactions: 20000, accounts: 400 })
const address = accountAddress(5) as `0x${string}`
for (let i = 0; i < 5; i++) {
  const t = performance.now()
  const r = await readHistory(db.db, { address, chainId: 31337, after: null, limit: 50 })
  console.log('readHistory', (performance.now() - t).toFixed(1), 'ms', r.txs.length)
}
const q1 = await db.db.execute(sql`explain analyze select a.chain_id, t.hash from chain_account_transactions a join chain_transactions t on t.chain_id = a.chain_id and t.hash = a.tx_hash where a.address = ${address} and a.chain_id = 31337 order by a.mined_at desc, a.block_number desc, a.tx_index desc limit 51`)
console.log((q1 as any).rows.map((r: any) => r['QUERY PLAN']).join('\n'))
await db.close()
