/**
 * What a test's spawned `latch-server serve` costs to start on a fresh PGlite folder, with the
 * harness's migrated template (LATCH_TEST_PGLITE_TEMPLATE, apps/server/src/db/pglite-template.ts)
 * and without it (initdb and every migration), in alternating rounds: wall time until it prints
 * its address, and the process's own CPU time until then (/proc), which moves less with the
 * machine's other load than the wall time does. Not a test: it prints numbers.
 *
 *   npx tsx --conditions=latch-source scripts/bench/server-start.ts [--rounds 5]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnCli, waitForListening } from '../../apps/server/src/testing/cli.js'
import { cpuMs } from './history/cpu.js'

const args = process.argv.slice(2)
const at = args.indexOf('--rounds')
const ROUNDS = at >= 0 ? Number(args[at + 1]) : 5
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-start-bench-'))

async function once(template: boolean, n: number): Promise<Start> {
  const started = performance.now()
  const cli = spawnCli(
    ['serve'],
    {
      LATCH_SERVER_PORT: '0',
      LATCH_LOG_LEVEL: 'warn',
      LATCH_DATA_DIR: path.join(tmp, `${template ? 'on' : 'off'}-${n}`),
      // No chain: the start is what is measured, not the indexer.
      LATCH_CHAIN_RPC_URL: 'http://127.0.0.1:9',
    },
    { template },
  )
  await waitForListening(cli)
  const wall = performance.now() - started
  const cpu = cpuMs(cli.child.pid!)
  cli.child.kill('SIGTERM')
  await cli.exited
  return { wall, cpu }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
type Start = { wall: number; cpu: number }
const results: Record<'on' | 'off', Start[]> = { on: [], off: [] }
try {
  await once(true, -1) // builds the bundle and the template outside the timings
  for (let n = 0; n < ROUNDS; n++) {
    for (const template of [false, true]) {
      const r = await once(template, n)
      results[template ? 'on' : 'off'].push(r)
      console.log(
        `round ${n + 1} template ${template ? 'on ' : 'off'}: ${(r.wall / 1000).toFixed(2)} s wall, ${(r.cpu / 1000).toFixed(2)} s CPU (load ${os.loadavg()[0]!.toFixed(1)})`,
      )
    }
  }
  for (const mode of ['off', 'on'] as const) {
    const rs = results[mode]
    console.log(
      `template ${mode}: median ${(median(rs.map((r) => r.wall)) / 1000).toFixed(2)} s wall, ${(median(rs.map((r) => r.cpu)) / 1000).toFixed(2)} s CPU over ${rs.length} starts`,
    )
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}
