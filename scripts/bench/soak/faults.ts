/**
 * The soak's faults, each on its own fixed schedule from the start (the schedule is the one
 * thing timed by the clock; every step inside waits for a condition): an API server SIGKILLed and
 * restarted, the indexer SIGKILLed and restarted, a reorg of the dev chain.
 */
import type { ProductionStack } from '../../production/stack.js'
import { headOf, reorg } from './chain.js'
import { type IndexState, waitForIndexAt } from './index-state.js'

export interface FaultLog {
  serverKills: { server: number; restartMs: number }[]
  indexerKills: { takeoverMs: number; catchUpMs: number; termBefore: number; termAfter: number }[]
  /** `indexedReplaced`: how many of the replaced blocks the index held then (to roll back). */
  reorgs: { depth: number; replaced: string[]; indexedReplaced: number }[]
  /** A fault that could not be done (a restart that failed…): the soak has failed. */
  failures: string[]
  /** Times a fault was due while the one before was still running (a slow restart). */
  skipped: { servers: number; indexers: number; reorgs: number }
}

export interface Schedule {
  /** Ms from the start of the first fault, then between two. */
  periodMs: number
  /** Ms after the start of the run of the first one, so faults of two kinds rarely coincide. */
  offsetMs: number
}

/**
 * Runs `action` at offset, offset + period… until `endAt`, one at a time. An action that outlasts
 * its period makes the schedule skip the times already past (counted), not run them back to back.
 */
async function every(
  schedule: Schedule,
  startedAt: number,
  endAt: number,
  action: () => Promise<void>,
): Promise<number> {
  let skipped = 0
  for (let at = startedAt + schedule.offsetMs; at < endAt; at += schedule.periodMs) {
    if (at + schedule.periodMs <= Date.now()) {
      skipped++
      continue
    }
    const wait = at - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    await action()
  }
  return skipped
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface FaultOptions {
  stack: ProductionStack
  index: IndexState
  server: Schedule
  indexer: Schedule
  reorg: Schedule & { depth: number }
  startedAt: number
  endAt: number
}

export async function runFaults(options: FaultOptions): Promise<FaultLog> {
  const { stack, index, startedAt, endAt } = options
  const log: FaultLog = {
    serverKills: [],
    indexerKills: [],
    reorgs: [],
    failures: [],
    skipped: { servers: 0, indexers: 0, reorgs: 0 },
  }
  const guard = (what: string, action: () => Promise<void>) => async () => {
    await action().catch((error: Error) => {
      const line = `${new Date().toISOString()} ${what}: ${error.message}`
      log.failures.push(line)
      console.log(`[soak] fault failure: ${line}`)
    })
  }
  let next = 0
  const killServer = guard('server kill', async () => {
    const i = (next++ % 2) as 0 | 1
    const killedAt = Date.now()
    await stack.kill(i)
    await stack.restart(i)
    log.serverKills.push({ server: i, restartMs: Date.now() - killedAt })
  })
  const killIndexer = guard('indexer kill', async () => {
    const termBefore = await index.leaseTerm()
    const killedAt = Date.now()
    await stack.killIndexer()
    await stack.restartIndexer()
    // The new one stands by until the dead one's lease expires, then takes the chain.
    await waitForIndexTerm(index, termBefore, 120_000)
    const takeoverMs = Date.now() - killedAt
    // Caught up: at the head the chain had when the new indexer took over.
    const head = await headOf(stack.anvil.rpcUrl)
    await waitForIndexAt(index, head, 300_000)
    log.indexerKills.push({
      takeoverMs,
      catchUpMs: Date.now() - killedAt,
      termBefore,
      termAfter: await index.leaseTerm(),
    })
  })
  const doReorg = guard('reorg', async () => {
    const { depth } = options.reorg
    const head = await headOf(stack.anvil.rpcUrl)
    if (head <= depth) return
    const indexed = (await index.checkpoint())?.number ?? -1
    const replaced = await reorg(stack.anvil.rpcUrl, depth)
    const indexedReplaced = Math.max(0, Math.min(depth, indexed - (head - depth)))
    log.reorgs.push({ depth, replaced, indexedReplaced })
  })
  const [servers, indexers, reorgs] = await Promise.all([
    every(options.server, startedAt, endAt, killServer),
    every(options.indexer, startedAt, endAt, killIndexer),
    every(options.reorg, startedAt, endAt, doReorg),
  ])
  log.skipped = { servers, indexers, reorgs }
  return log
}

async function waitForIndexTerm(index: IndexState, termBefore: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while ((await index.leaseTerm()) <= termBefore) {
    if (Date.now() > deadline) throw new Error(`no indexer took the chain within ${timeoutMs} ms`)
    await sleep(100)
  }
}
