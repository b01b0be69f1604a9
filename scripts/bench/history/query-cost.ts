/**
 * What one history page costs Postgres, apart from everything else on the machine: the same
 * pages run one after another on one connection, as named statements (db/named-query.ts), in
 * alternating rounds: the page query as it was (each transaction's events gathered by a
 * correlated subquery into a JSON array) and as it is (the events joined, one row each,
 * apps/server/src/chains/eip155/history.ts). The backend's own CPU time (/proc), this process's
 * CPU time (pg reading the rows, and parsing the JSON before) and the wall time per query are
 * printed for each, with the project lookup and a bare `select 1` as yardsticks.
 *
 *   npx tsx --conditions=latch-source scripts/bench/history/query-cost.ts [--database latch_bench_history] [--rounds 3] [--queries 1000] [--accounts 200]
 */
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { cpuMs } from './cpu.js'
import { accountAddress, BENCH_CHAIN_ID, HEAVY_ACCOUNTS } from './synthetic.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const ROUNDS = Number(arg('rounds', '3'))
const QUERIES = Number(arg('queries', '1000'))
const base = new URL(process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test')
base.pathname = `/${arg('database', 'latch_bench_history')}`

const client = new pg.Client({ connectionString: base.href })
await client.connect()
const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
const dialect = new PgDialect()

// The page query of apps/server/src/chains/eip155/history.ts (one chain), first pages only:
// the keyset makes a deep page the same range scan from another start.
const TOP = Number.MAX_SAFE_INTEGER
const pageCte = (address: string) => sql`
  select chain_id, block_number, tx_index, mined_at, tx_hash from chain_account_transactions
    where chain_id = ${BENCH_CHAIN_ID} and address = ${address}
      and (mined_at, block_number, tx_index) < (${TOP}, ${0}, ${0})
    order by mined_at desc, block_number desc, tx_index desc
    limit ${51}`
/** Before: a correlated subquery per transaction building its events as a JSON array. */
const subqueryPage = (address: string) =>
  dialect.sqlToQuery(sql`
    with page as (${pageCte(address)})
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
             or e.kind in ('user_operation', 'user_operation_failed'))) as events
    from page p
    join chain_transactions t on t.chain_id = p.chain_id and t.hash = p.tx_hash
    order by p.mined_at desc, p.block_number desc, p.tx_index desc, p.chain_id desc`)
/** After: the events joined, one row per (transaction, event), grouped by the server. */
const joinPage = (address: string) =>
  dialect.sqlToQuery(sql`
    with page as (${pageCte(address)})
    select p.chain_id, p.block_number::float8 as block_number, p.tx_index, p.mined_at::float8 as mined_at,
      t.hash, t.from_address, t.to_address, t.contract_address, t.nonce::float8 as nonce, t.status, t.selector,
      e.log_index, e.item, e.kind, e.token, e.token_id::text as token_id, e.from_address as event_from,
      e.to_address as event_to, e.amount::text as amount, k.standard, k.name as token_name, k.symbol,
      k.decimals, k.spam_reason, n.name as nft_name, n.image_url as nft_image
    from page p
    join chain_transactions t on t.chain_id = p.chain_id and t.hash = p.tx_hash
    left join chain_events e on e.chain_id = p.chain_id and e.tx_hash = p.tx_hash
      and (e.from_address = ${address} or e.to_address = ${address}
        or e.kind in ('user_operation', 'user_operation_failed'))
    left join chain_tokens k on k.chain_id = e.chain_id and k.address = e.token
    left join chain_nfts n on n.chain_id = e.chain_id and n.contract = e.token and n.token_id = e.token_id
    order by p.mined_at desc, p.block_number desc, p.tx_index desc, p.chain_id desc, e.log_index, e.item`)
// What findProject sends (provider-services/projects.ts), through Drizzle's builder.
const projectQuery = (() => {
  const db = drizzle({ client })
  return (id: string) =>
    db.execute(
      sql`select "id", "name", "allowed_origins", "features", "analytics_enabled", "created_at", "secret_hash" from "projects" where "projects"."id" = ${id} limit ${1}`,
    )
})()

/** `--accounts`: how many accounts the pages cycle over (few: every page a shared-buffer hit). */
const accounts = Array.from({ length: Number(arg('accounts', '200')) }, (_, i) =>
  accountAddress(i < 20 ? i % HEAVY_ACCOUNTS : HEAVY_ACCOUNTS + i * 37),
)

async function measure(label: string, one: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await one(i)
  const cpu = cpuMs(backend)
  const own = process.cpuUsage()
  const started = performance.now()
  for (let i = 0; i < QUERIES; i++) await one(i)
  const wall = (performance.now() - started) / QUERIES
  const perQuery = (cpuMs(backend) - cpu) / QUERIES
  const used = process.cpuUsage(own)
  const client = (used.user + used.system) / 1000 / QUERIES
  return `${label}: Postgres CPU ${perQuery.toFixed(3)} ms, client CPU ${client.toFixed(3)} ms, wall ${wall.toFixed(3)} ms per query`
}

for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}`)
  console.log(
    `  ${await measure('page, events as a JSON subquery (before)', (i) => {
      const q = subqueryPage(accounts[i % accounts.length]!)
      return client.query({ name: 'bench_history_subquery', text: q.sql, values: q.params })
    })}`,
  )
  console.log(
    `  ${await measure('page, events joined (after)', (i) => {
      const q = joinPage(accounts[i % accounts.length]!)
      return client.query({ name: 'bench_history_join', text: q.sql, values: q.params })
    })}`,
  )
  console.log(
    `  ${await measure('project lookup', (i) => projectQuery(`bench-${String(i % 500).padStart(4, '0')}`))}`,
  )
  console.log(`  ${await measure('select 1', () => client.query('select 1'))}`)
}
await client.end()
