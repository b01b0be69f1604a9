/**
 * What the server's observability costs per request (not a test: it prints numbers). Two Fastify
 * apps on loopback answer the same parametric route; one also carries the request-id generator,
 * its response header, and the metrics hooks (latency histogram, 429 and sign-in counting) of
 * apps/server/src/observability. Each is held for --duration seconds (default 5) with autocannon,
 * alternately, --rounds times (default 3); the bare app is the anchor of the ratio. Then one scrape
 * of the loaded registry is timed and sized.
 *
 *   npx tsx --conditions=latch-source scripts/bench/observability-overhead.ts [--duration 5] [--rounds 3]
 */
import autocannon from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import { installHttpMetrics } from '../../apps/server/src/observability/http-metrics.js'
import { createMetrics } from '../../apps/server/src/observability/metrics.js'
import {
  echoRequestId,
  requestIdGenerator,
} from '../../apps/server/src/observability/request-id.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const DURATION = Number(arg('duration', '5'))
const ROUNDS = Number(arg('rounds', '3'))

const metrics = createMetrics({ processMetrics: true })

async function app(observed: boolean): Promise<{ app: FastifyInstance; url: string }> {
  const server = Fastify(observed ? { genReqId: requestIdGenerator(false) } : {})
  if (observed) {
    echoRequestId(server)
    installHttpMetrics(server, metrics)
  }
  server.get('/wallets/:id', async (request) => ({ id: (request.params as { id: string }).id }))
  const url = await server.listen({ port: 0, host: '127.0.0.1' })
  return { app: server, url }
}

async function hold(url: string) {
  let n = 0
  const result = await autocannon({
    url: `${url}/wallets/w0`,
    connections: 10,
    duration: DURATION,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/wallets/w${n++ % 1000}` }) }],
  })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors }
}

const bare = await app(false)
const observed = await app(true)
const runs = { bare: [] as number[], observed: [] as number[] }
for (let round = 1; round <= ROUNDS; round++) {
  const a = await hold(bare.url)
  const b = await hold(observed.url)
  runs.bare.push(a.rps)
  runs.observed.push(b.rps)
  console.log(
    `round ${round}: bare ${a.rps.toFixed(0)} req/s (p99 ${a.p99} ms) · observed ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms) · errors ${a.errors + b.errors}`,
  )
}
const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!
const ratio = median(runs.observed) / median(runs.bare)
console.log(
  `median: bare ${median(runs.bare).toFixed(0)} req/s, observed ${median(runs.observed).toFixed(0)} req/s → ratio ${ratio.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)}% fewer requests per second)`,
)
const start = performance.now()
const text = await metrics.registry.metrics()
console.log(
  `one scrape after the run: ${(performance.now() - start).toFixed(1)} ms, ${(text.length / 1024).toFixed(1)} KiB, ${text.split('\n').filter((l) => l && !l.startsWith('#')).length} samples`,
)
await bare.app.close()
await observed.app.close()
