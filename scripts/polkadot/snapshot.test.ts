import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type ChainSnapshot,
  readSnapshot,
  SNAPSHOT_FORMAT,
  snapshotDay,
  writeSnapshot,
} from './snapshot.js'

const dir = mkdtempSync(path.join(tmpdir(), 'latch-polkadot-snapshot-'))
const want = { day: '2026-11-27', genesisStateRoot: '0xabc' }
const snapshot: ChainSnapshot = {
  format: SNAPSHOT_FORMAT,
  ...want,
  seed: { blocks: 1, transfers: 2, failed: 0, firstBlockAt: 1, lastBlockAt: 2, aliceHistory: 1 },
  blocks: [{ number: 1, hash: '0x01', header: '0x02', extrinsics: [], storageDiff: {} }],
}

describe('seed snapshots', () => {
  it('reads back what it wrote for the same day, genesis and format', () => {
    const file = path.join(dir, 'a', 'seed.json')
    writeSnapshot(file, snapshot)
    expect(readSnapshot(file, want)).toEqual(snapshot)
  })

  it('ignores another day, another genesis, another format, an empty or broken file', () => {
    const file = path.join(dir, 'b.json')
    writeSnapshot(file, snapshot)
    expect(readSnapshot(file, { ...want, day: '2026-11-28' })).toBeUndefined()
    expect(readSnapshot(file, { ...want, genesisStateRoot: '0xdef' })).toBeUndefined()
    writeSnapshot(file, { ...snapshot, format: SNAPSHOT_FORMAT + 1 })
    expect(readSnapshot(file, want)).toBeUndefined()
    writeSnapshot(file, { ...snapshot, blocks: [] })
    expect(readSnapshot(file, want)).toBeUndefined()
    writeFileSync(file, '{"format":')
    expect(readSnapshot(file, want)).toBeUndefined()
    expect(readSnapshot(path.join(dir, 'missing.json'), want)).toBeUndefined()
  })

  it('names the day in UTC', () => {
    expect(snapshotDay(Date.UTC(2026, 10, 27, 23, 59))).toBe('2026-11-27')
    expect(snapshotDay(Date.UTC(2026, 10, 28, 0, 1))).toBe('2026-11-28')
  })
})
