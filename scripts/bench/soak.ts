/**
 * The soak of issue 30 (a benchmark, not a test: it prints figures and exits non-zero on a
 * client error or a history that differs from the chain).
 *
 *   npx tsx scripts/bench/soak.ts [--minutes 30] [--history-clients 4] [--sign-in-clients 2]
 *     [--transfer-ms 200]
 *
 * The production-shaped stack (scripts/production/stack.ts: two API servers and one indexer on
 * Postgres and Redis behind nginx, the frame on its own port) under faults for `--minutes`: an
 * API server SIGKILLed and restarted every minute (the two in turn), the indexer SIGKILLed and
 * restarted every two, a 5-block reorg of the dev chain every 20 s — while transfers are made
 * without pause and clients read history and sign in through nginx. Then, the chain at rest, the
 * index must stand on the chain's head and every soak account's history equal the chain.
 */
import { execSync } from 'node:child_process'
import { createProject } from '../production/calls.js'
import { parseAccessLine } from '../production/nginx.js'
import { startProductionStack } from '../production/stack.js'
import { SOAK_ACCOUNTS, startProducer } from './soak/chain.js'
import { startClients } from './soak/clients.js'
import { runFaults } from './soak/faults.js'
import { openIndexState, waitForIndexAtHead } from './soak/index-state.js'
import { printReport } from './soak/report.js'
import { compareHistory, historyDiffers } from './soak/verify.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  const value = i >= 0 ? Number(args[i + 1]) : fallback
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`)
  return value
}
const MINUTES = arg('minutes', 30)
const HISTORY_CLIENTS = arg('history-clients', 4)
const SIGN_IN_CLIENTS = arg('sign-in-clients', 2)
const TRANSFER_MS = arg('transfer-ms', 200)

const loadAverage = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average:\s*/, '')

async function main(): Promise<number> {
  const loadAtStart = loadAverage()
  console.log(`[soak] ${MINUTES} min; load average at start: ${loadAtStart}`)
  const stackStarted = Date.now()
  const outcome = await startProductionStack()
  if ('unavailable' in outcome) {
    console.error(`[soak] cannot run: ${outcome.unavailable}`)
    return 2
  }
  const stack = outcome
  const index = await openIndexState(stack.databaseUrl)
  try {
    console.log(`[soak] stack up in ${Date.now() - stackStarted} ms (${stack.proxyUrl})`)
    const producer = startProducer(stack.anvil.rpcUrl, { intervalMs: TRANSFER_MS })
    const clients = await startClients({
      proxyUrl: stack.proxyUrl,
      adminToken: stack.adminToken,
      historyClients: HISTORY_CLIENTS,
      // A read is one page or two: at most 480 requests a minute per client and project, under
      // the 600 allowed (a 150 ms pace, up to 800, met 429s).
      historyIntervalMs: 250,
      signInClients: SIGN_IN_CLIENTS,
      // 20 sign-ins a minute per project, under the 30 nonces and 30 verifies allowed.
      signInIntervalMs: 3_000,
    })
    const startedAt = Date.now()
    const endAt = startedAt + MINUTES * 60_000
    const progress = setInterval(() => {
      const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1)
      console.log(
        `[soak] ${minutes} min: ${clients.samples.length} requests, ${clients.errors.length} client errors, ${producer.sent.size} transfers`,
      )
    }, 60_000)
    const faults = await runFaults({
      stack,
      index,
      startedAt,
      endAt,
      server: { periodMs: 60_000, offsetMs: 60_000 },
      indexer: { periodMs: 120_000, offsetMs: 90_000 },
      reorg: { periodMs: 20_000, offsetMs: 10_000, depth: 5 },
    })
    clearInterval(progress)
    await producer.stop()
    await clients.stop()
    const duration = Date.now() - startedAt

    // The chain at rest: the index must reach its head block, then history must equal it.
    const settled = await waitForIndexAtHead(index, stack.anvil.rpcUrl, 300_000).catch(
      (error: Error) => error,
    )
    const head = settled instanceof Error ? -1 : settled.head
    const checkpoint = await index.checkpoint()
    const comparison =
      settled instanceof Error
        ? []
        : await compareHistory({
            proxyUrl: stack.proxyUrl,
            projectId: await createProject(stack.proxyUrl, stack.adminToken, 'soak verdict'),
            rpcUrl: stack.anvil.rpcUrl,
            accounts: SOAK_ACCOUNTS,
            head,
            sent: producer.sent,
          })
    const retriedByNginx = stack
      .accessLog()
      .map(parseAccessLine)
      .filter((l) => l.upstreams.length > 1).length
    const report = {
      minutes: MINUTES,
      durationMs: duration,
      loadAtStart,
      loadAtEnd: loadAverage(),
      clients,
      producer,
      faults,
      retriedByNginx,
      settled,
      checkpoint,
      chainHead: head,
      leaseTerm: await index.leaseTerm(),
      comparison,
    }
    printReport(report)
    const failed =
      clients.errors.length > 0 ||
      faults.failures.length > 0 ||
      settled instanceof Error ||
      comparison.some(historyDiffers)
    return failed ? 1 : 0
  } finally {
    await index.close().catch(() => {})
    await stack.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
