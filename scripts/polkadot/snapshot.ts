/**
 * The seeded chain kept on disk for the day: every runtime call costs chopsticks a fresh Wasm
 * instance, so seeding sixteen months takes tens of seconds of CPU, while putting the same blocks
 * back (headers, extrinsics, storage diffs) takes none. `npm start` reuses a snapshot made the
 * same UTC day for the same genesis and seed format; tests seed afresh
 * (docs/polkadot-node.md#start-up).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Blockchain } from '@acala-network/chopsticks-core'
import type { PolkadotSeedSummary } from './types.js'

/** Bump when the seed, the accounts or their funding change: older snapshots are then ignored. */
export const SNAPSHOT_FORMAT = 2

export interface SnapshotBlock {
  number: number
  hash: string
  header: `0x${string}`
  extrinsics: `0x${string}`[]
  storageDiff: Record<string, string | null>
}

export interface ChainSnapshot {
  format: number
  /** The UTC day the seed was built for (its times are relative to that day's clock). */
  day: string
  /** The genesis state root: another chain spec, another snapshot. */
  genesisStateRoot: string
  seed: PolkadotSeedSummary
  blocks: SnapshotBlock[]
}

export const snapshotDay = (now: number) => new Date(now).toISOString().slice(0, 10)

/** The snapshot in `file` if it is for this day, genesis and format; else undefined. */
export function readSnapshot(
  file: string,
  want: { day: string; genesisStateRoot: string },
): ChainSnapshot | undefined {
  let snapshot: ChainSnapshot
  try {
    snapshot = JSON.parse(readFileSync(file, 'utf8')) as ChainSnapshot
  } catch {
    return undefined
  }
  const fits =
    snapshot.format === SNAPSHOT_FORMAT &&
    snapshot.day === want.day &&
    snapshot.genesisStateRoot === want.genesisStateRoot &&
    Array.isArray(snapshot.blocks) &&
    snapshot.blocks.length > 0
  return fits ? snapshot : undefined
}

/** The `:code` key: the runtime's Wasm. */
const CODE_KEY = '0x3a636f6465'

/** Blocks 1..head of `chain` as they are now. */
export async function takeSnapshotBlocks(chain: Blockchain): Promise<SnapshotBlock[]> {
  const blocks: SnapshotBlock[] = []
  for (let n = 1; n <= chain.head.number; n++) {
    const block = await chain.getBlockAt(n)
    const parent = await chain.getBlockAt(n - 1)
    if (!block || !parent) throw new Error(`block ${n} is not in memory`)
    const storageDiff = (await block.storageDiff()) as Record<string, string | null>
    // This runtime's blocks write `:code` back unchanged (1.2 MB each); a block whose diff holds
    // it also makes chopsticks decode the metadata again, so an unchanged one is left out.
    if (storageDiff[CODE_KEY] === (await parent.wasm)) delete storageDiff[CODE_KEY]
    blocks.push({
      number: block.number,
      hash: block.hash,
      header: (await block.header).toHex(),
      extrinsics: (await block.extrinsics) as `0x${string}`[],
      storageDiff,
    })
  }
  return blocks
}

/** Writes atomically, so a second `npm start` never reads half a file. */
export function writeSnapshot(file: string, snapshot: ChainSnapshot) {
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(snapshot))
  renameSync(temporary, file)
}
