/** The soak's figures, printed as `[soak]` lines for docs/benchmarks.md. */
import { percentile } from '../../production/load.js'
import type { Producer } from './chain.js'
import type { Clients } from './clients.js'
import type { FaultLog } from './faults.js'
import { type AccountComparison, historyDiffers } from './verify.js'

export interface SoakReport {
  minutes: number
  durationMs: number
  loadAtStart: string
  loadAtEnd: string
  clients: Clients
  producer: Producer
  faults: FaultLog
  retriedByNginx: number
  settled: { head: number; ms: number } | Error
  checkpoint: { number: number; hash: string } | null
  chainHead: number
  leaseTerm: number
  comparison: AccountComparison[]
}

const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${Math.max(0, ...values).toFixed(0)} ms`

function byName(clients: Clients): string[] {
  const names = [...new Set(clients.samples.map((s) => s.name))].sort()
  return names.map((name) => {
    const of = clients.samples.filter((s) => s.name === name)
    return `  ${name}: ${of.length} (${of.filter((s) => !s.ok).length} not ok), ${ms(of.map((s) => s.ms))}`
  })
}

export function printReport(r: SoakReport) {
  const { clients, faults, producer } = r
  const lines = [
    `duration: ${(r.durationMs / 60_000).toFixed(1)} min of faults and load (--minutes ${r.minutes})`,
    `load average (1, 5, 15 min): at start ${r.loadAtStart}; at end ${r.loadAtEnd}`,
    `requests: ${clients.samples.length}, ${ms(clients.samples.map((s) => s.ms))}`,
    ...byName(clients),
    `flows: ${clients.flows.history} history reads, ${clients.flows['sign-in']} sign-ins (nonce, verify, session)`,
    `client errors (failed after their retry): ${clients.errors.length}`,
    ...clients.errors.slice(0, 20).map((e) => `  ${e}`),
    `client retries: ${clients.retries.connection} after a connection error, ${clients.retries.gateway} after a 502/504; requests nginx sent on to the other server: ${r.retriedByNginx}`,
    `API server kills (SIGKILL, restart, /healthz 200): ${faults.serverKills.length}; kill to healthy ${ms(faults.serverKills.map((k) => k.restartMs))}`,
    `indexer kills (SIGKILL, restart): ${faults.indexerKills.length}; lease term now ${r.leaseTerm}`,
    ...faults.indexerKills.map(
      (k, i) =>
        `  #${i + 1}: takeover (new lease term ${k.termBefore} → ${k.termAfter}) ${k.takeoverMs} ms after the kill, caught up with the head ${k.catchUpMs} ms after it`,
    ),
    `  takeover ${ms(faults.indexerKills.map((k) => k.takeoverMs))}; catch-up ${ms(faults.indexerKills.map((k) => k.catchUpMs))}`,
    `reorgs: ${faults.reorgs.length} of depth ${faults.reorgs[0]?.depth ?? 5}; ${faults.reorgs.filter((x) => x.indexedReplaced > 0).length} of them replaced blocks already indexed (${faults.reorgs.reduce((n, x) => n + x.indexedReplaced, 0)} blocks to roll back)`,
    `transfers: ${producer.sent.size} sent, ${producer.lostToReorg} reorged out before their receipt was read, ${producer.nodeErrors.length} node errors (anvil's, retried)`,
    ...producer.nodeErrors.slice(0, 3).map((e) => `  ${e.slice(0, 300)}`),
    `fault failures: ${faults.failures.length}; faults skipped while the one before ran late: ${faults.skipped.servers} server kills, ${faults.skipped.indexers} indexer kills, ${faults.skipped.reorgs} reorgs`,
    ...faults.failures.map((f) => `  ${f}`),
    r.settled instanceof Error
      ? `index at rest: NOT REACHED: ${r.settled.message}`
      : `index at rest: on head block ${r.settled.head} (same hash) ${r.settled.ms} ms after the load stopped`,
    `final index height ${r.checkpoint?.number ?? 'none'} vs chain height ${r.chainHead}`,
    `history vs chain: ${r.comparison.length === 0 ? 'NOT COMPARED' : r.comparison.some(historyDiffers) ? 'DIFFERS' : 'EQUAL'}`,
    ...r.comparison.map(
      (c) =>
        `  ${c.account}: ${c.served} served, ${c.onChain} on chain; missing ${c.missing.length}, duplicates ${c.duplicates.length}, orphans ${c.orphans.length}, unknown ${c.unknown.length}, misordered ${c.misordered}${historyDiffers(c) ? ` e.g. ${[...c.missing, ...c.duplicates, ...c.orphans, ...c.unknown].slice(0, 3).join(' ')}` : ''}`,
    ),
  ]
  for (const line of lines) console.log(`[soak] ${line}`)
}
