/**
 * Quote latency of GET /v1/convert/quotes on the dev chain (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/swap-quotes.ts [--quotes 200] [--warmup 20]
 *
 * A fresh anvil with the seeded history (the DEX and its pools included), the server's routes in
 * process (Fastify's inject: no socket, so the figure is the route's own work, its RPC calls to
 * anvil included), quotes one after another over the dev pairs in both directions with varied
 * amounts. The quote limit is per client and project, so the calls spread over a few loopback
 * addresses rather than lifting the limit. Prints p50, p90, p99 and max in milliseconds.
 */

import { APP_ORIGIN, openAuthTestApp } from '../../apps/server/src/auth/testing.js'
import { devTokens } from '../devchain/accounts.js'
import { startAnvil } from '../devchain/anvil.js'
import { dexContracts } from '../devchain/dex/addresses.js'
import { genesisTimestampFor, seedDevChain } from '../devchain/seed.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback
}
const QUOTES = Number(arg('quotes', '200'))
const WARMUP = Number(arg('warmup', '20'))

const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const LUSD = `eip155:31337:${devTokens.lusd.address}`
const DEMO = `eip155:31337:${devTokens.demo.address}`
/** Pairs and a base amount of what is paid, in base units. */
const PAIRS: [string, string, bigint][] = [
  [ETH, LUSD, 10n ** 17n],
  [LUSD, ETH, 100_000_000n],
  [LUSD, DEMO, 50_000_000n],
  [DEMO, LUSD, 10n ** 20n],
  [ETH, DEMO, 10n ** 17n],
  [DEMO, ETH, 10n ** 20n],
]
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

async function main() {
  const now = new Date()
  const anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
  try {
    await seedDevChain(anvil.rpcUrl, { now })
    const t = await openAuthTestApp({
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
      LATCH_SWAP_DEX_ROUTERS: `eip155:31337=${dexContracts.router02}`,
      LATCH_SWAP_USD_TOKENS: `eip155:31337=${devTokens.lusd.address}`,
      LATCH_LOG_LEVEL: 'warn',
    })
    try {
      const quote = async (i: number) => {
        const [from, to, base] = PAIRS[i % PAIRS.length] as [string, string, bigint]
        const amount = (base * BigInt(1 + (i % 7))).toString()
        const q = new URLSearchParams({
          projectId: t.projectId,
          from,
          to,
          amount,
          userAddress: USER,
        })
        const started = performance.now()
        const res = await t.app.inject({
          url: `/v1/convert/quotes?${q}`,
          headers: { origin: APP_ORIGIN },
          // One of four clients, each well under the per-client quote limit.
          remoteAddress: `127.0.0.${1 + (i % 4)}`,
        })
        const ms = performance.now() - started
        if (res.statusCode !== 200) throw new Error(`quote ${i}: ${res.statusCode} ${res.body}`)
        return ms
      }
      for (let i = 0; i < WARMUP; i++) await quote(i)
      const times: number[] = []
      for (let i = 0; i < QUOTES; i++) times.push(await quote(WARMUP + i))
      const sorted = [...times].sort((a, b) => a - b)
      const f = (n: number) => n.toFixed(1)
      console.log(
        `${QUOTES} quotes after ${WARMUP} warm-up, dev chain, in process: p50 ${f(percentile(sorted, 50))} ms, p90 ${f(percentile(sorted, 90))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms`,
      )
    } finally {
      await t.close()
    }
  } finally {
    await anvil.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
