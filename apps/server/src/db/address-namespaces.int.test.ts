import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUser, wireAddresses } from '../auth/users.js'
import { IN_MEMORY_DATA_DIR } from '../config.js'
import { createTestPostgres } from '../testing/postgres.js'
import { MIGRATIONS_FOLDER, migrate } from './migrate.js'
import { openDatabase } from './open.js'
import type { DatabaseHandle, Schema } from './types.js'

// Migration 0015 moves the per-chain address columns of auth_users into auth_addresses. Run
// against a database as the release before it left it (migrations up to 0014, addresses in
// columns), it must keep every address, each under its namespace and user.

const RELEASE_TAG = '0014_index_leases'

/** The migrations folder as the release before 0015 shipped it. */
function releaseFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-release-'))
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === RELEASE_TAG)
  expect(last).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, last + 1)
  fs.mkdirSync(path.join(folder, 'meta'))
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal))
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  return folder
}

async function migrateToRelease(handle: DatabaseHandle, folder: string) {
  const config = { migrationsFolder: folder }
  if (handle.kind === 'pglite')
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config)
  else await migratePostgres(handle.db as unknown as NodePgDatabase<Schema>, config)
}

const rows = async <row>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: row[] }).rows

const evm = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const sol = (n: number) => `So1${n.toString().padStart(40, '1')}`.slice(0, 44)
const SHARED = evm(0xdead)

interface OldUser {
  id: string
  email: string | null
  evm_address: string | null
  solana_address: string | null
}

/** Users of every shape the release could hold, plus a few hundred ordinary ones. */
async function seedRelease(handle: DatabaseHandle): Promise<OldUser[]> {
  await handle.db.execute(sql`
    insert into auth_users (email, evm_address, solana_address) values
      ('both@example.com', ${evm(1)}, ${sol(1)}),
      ('evm-only@example.com', ${evm(2)}, null),
      ('solana-only@example.com', null, ${sol(3)}),
      ('none@example.com', null, null),
      (null, ${evm(4)}, ${sol(4)}),
      ('shared-a@example.com', ${SHARED}, ${sol(5)}),
      ('shared-b@example.com', ${SHARED}, ${sol(6)}),
      ('mixed-case@example.com', '0xAbCdEf0000000000000000000000000000000007', ${sol(7)})`)
  await handle.db.execute(sql`
    insert into auth_users (email, evm_address, solana_address)
    select 'many-' || n || '@example.com', '0x' || lpad(to_hex(1000 + n), 40, '0'),
           case when n % 3 = 0 then null else 'Many' || lpad(n::text, 40, '2') end
    from generate_series(1, 300) as n`)
  return rows<OldUser>(
    handle,
    sql`select id, email, evm_address, solana_address from auth_users order by id`,
  )
}

describe.each(['pglite', 'postgres'] as const)('migration 0015 on %s', (kind) => {
  let handle: DatabaseHandle | undefined
  let drop: (() => Promise<void>) | undefined
  let skip = ''
  let before: OldUser[] = []

  beforeAll(async () => {
    let url: string | undefined
    if (kind === 'postgres') {
      const postgres = await createTestPostgres()
      if ('unavailable' in postgres) {
        skip = postgres.unavailable
        return
      }
      url = postgres.url
      drop = postgres.drop
    }
    handle = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY_DATA_DIR })
    const folder = releaseFolder()
    try {
      await migrateToRelease(handle, folder)
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
    before = await seedRelease(handle)
    await migrate(handle)
  })
  afterAll(async () => {
    await handle?.close()
    await drop?.()
  })

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('keeps every address, under its user and namespace, and nothing else', async () => {
    const expected = before
      .flatMap((user) => [
        ...(user.evm_address ? [`${user.id} eip155 ${user.evm_address}`] : []),
        ...(user.solana_address ? [`${user.id} solana ${user.solana_address}`] : []),
      ])
      .sort()
    const after = await rows<{ user_id: string; namespace: string; address: string }>(
      handle!,
      sql`select user_id, namespace, address from auth_addresses`,
    )
    // 8 users of every shape (12 addresses), 300 ordinary ones (300 EVM, 200 Solana).
    expect(expected.length).toBe(512)
    expect(after.map((row) => `${row.user_id} ${row.namespace} ${row.address}`).sort()).toEqual(
      expected,
    )
  })

  it('keeps every user, and the per-chain columns are gone', async () => {
    const [count] = await rows<{ n: number }>(
      handle!,
      sql`select count(*)::int as n from auth_users`,
    )
    expect(count!.n).toBe(before.length)
    const columns = await rows<{ column_name: string }>(
      handle!,
      sql`select column_name from information_schema.columns where table_name = 'auth_users'`,
    )
    expect(columns.map((c) => c.column_name).sort()).toEqual(['created_at', 'email', 'id'])
  })

  it("answers each user's addresses in the fields the frame reads, as before", async () => {
    for (const user of before) {
      const found = await findUser(handle!.db, user.id)
      expect(found?.email).toBe(user.email)
      expect(wireAddresses(found?.addresses)).toEqual({
        evmAddress: user.evm_address,
        solanaAddress: user.solana_address,
      })
    }
  })

  it('finds the accounts of an address through the index', async () => {
    const holders = await rows<{ email: string }>(
      handle!,
      sql`select u.email from auth_addresses a join auth_users u on u.id = a.user_id
          where a.namespace = 'eip155' and a.address = ${SHARED} order by u.email`,
    )
    expect(holders.map((h) => h.email)).toEqual(['shared-a@example.com', 'shared-b@example.com'])
    // Planned on the index even for a small table once sequential scans are ruled out.
    const plan = await handle!.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = (await tx.execute(
        sql`explain select user_id from auth_addresses where namespace = 'eip155' and address = ${SHARED}`,
      )) as unknown as { rows: Record<string, string>[] }
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n')
    })
    expect(plan).toContain('auth_addresses_address_idx')
  })

  it('keeps one address per user and namespace, and deletes them with their user', async () => {
    const both = before.find((user) => user.email === 'both@example.com')!
    const second = handle!.db.execute(
      sql`insert into auth_addresses (user_id, namespace, address) values (${both.id}, 'eip155', ${evm(99)})`,
    )
    await expect(second).rejects.toThrow()
    await handle!.db.execute(sql`delete from auth_users where id = ${both.id}`)
    const left = await rows<{ n: number }>(
      handle!,
      sql`select count(*)::int as n from auth_addresses where user_id = ${both.id}`,
    )
    expect(left[0]!.n).toBe(0)
  })
})
