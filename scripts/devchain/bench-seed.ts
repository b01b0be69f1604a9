/**
 * Benchmark (not a test): how long seeding a fresh anvil takes, and a re-run on a seeded chain.
 * `npx tsx --conditions=latch-source scripts/devchain/bench-seed.ts [runs]`
 */
import { startAnvil } from './anvil.js'
import { genesisTimestampFor, seedDevChain } from './seed.js'

const runs = Number(process.argv[2] ?? 5)
const now = new Date()
const fresh: number[] = []
const again: number[] = []
for (let i = 0; i < runs; i++) {
  const anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
  try {
    fresh.push((await seedDevChain(anvil.rpcUrl, { now })).durationMs)
    again.push((await seedDevChain(anvil.rpcUrl, { now })).durationMs)
  } finally {
    await anvil.stop()
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(
  `seed of a fresh chain: median ${median(fresh)} ms over ${runs} runs (${fresh.join(', ')})`,
)
console.log(`re-run on a seeded chain: median ${median(again)} ms (${again.join(', ')})`)
