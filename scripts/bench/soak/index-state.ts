/**
 * What the indexer wrote, read from the stack's Postgres: where it stands (chain_checkpoints) and
 * how many times the chain changed hands (chain_index_leases.term grows on every new holder).
 */
import pg from 'pg'
import { waitFor } from '../../stack/wait.js'
import { blockHashAt, headOf } from './chain.js'

export const SOAK_CHAIN_ID = 31337

export interface IndexState {
  checkpoint(): Promise<{ number: number; hash: string } | null>
  leaseTerm(): Promise<number>
  close(): Promise<void>
}

export async function openIndexState(databaseUrl: string): Promise<IndexState> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return {
    async checkpoint() {
      const { rows } = await client.query(
        'select block_number, block_hash from chain_checkpoints where chain_id = $1',
        [SOAK_CHAIN_ID],
      )
      const row = rows[0] as { block_number: string; block_hash: string } | undefined
      return row ? { number: Number(row.block_number), hash: row.block_hash } : null
    },
    async leaseTerm() {
      const { rows } = await client
        .query('select term from chain_index_leases where chain_id = $1', [SOAK_CHAIN_ID])
        .catch(() => ({ rows: [] }))
      const row = rows[0] as { term: string } | undefined
      return row ? Number(row.term) : 0
    },
    close: () => client.end(),
  }
}

/** Resolves once the index stands at least at block `height`; with the ms that took. */
export async function waitForIndexAt(
  state: IndexState,
  height: number,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now()
  await waitFor(
    `the index to reach block ${height}`,
    async () => ((await state.checkpoint())?.number ?? -1) >= height,
    { timeoutMs, intervalMs: 100 },
  )
  return Date.now() - started
}

/**
 * Resolves once the index stands on the chain's head block itself — same number, same hash —
 * while nothing writes to the chain any more.
 */
export async function waitForIndexAtHead(
  state: IndexState,
  rpcUrl: string,
  timeoutMs: number,
): Promise<{ head: number; ms: number }> {
  const started = Date.now()
  const head = await headOf(rpcUrl)
  const hash = await blockHashAt(rpcUrl, head)
  await waitFor(
    `the index to stand on head block ${head}`,
    async () => {
      const at = await state.checkpoint()
      return at?.number === head && at.hash.toLowerCase() === hash.toLowerCase()
    },
    { timeoutMs, intervalMs: 100 },
  )
  return { head, ms: Date.now() - started }
}
