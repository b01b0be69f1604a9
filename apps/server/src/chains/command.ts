import type { FastifyBaseLogger } from 'fastify'
import { noArguments } from '../commands/args.js'
import { runUntilSignal } from '../commands/signals.js'
import type { Command } from '../commands/types.js'
import type { Config as ServerConfig } from '../config.js'
import type { Db } from '../db/types.js'

export const indexCommand: Command = {
  summary: 'run the chain indexer alone (production: with LATCH_INDEXER=off on the API servers)',
  usage: `Usage: latch-server index

  Runs the chain indexer alone until SIGINT or SIGTERM, following LATCH_INDEX_CHAINS into the
  configured database. In production run it beside API servers started with LATCH_INDEXER=off.
  Each chain is written by one indexer at a time, whatever is started: a second one stands by
  and takes over within LATCH_INDEX_LEASE_SECONDS (10) of the first one's death, sooner when
  the first one is stopped by a signal. With LATCH_METRICS_PORT it serves /metrics there
  (process figures and each followed chain's height and lag). Takes no arguments.
`,
  async run({ args, config, stdout, stderr }) {
    noArguments(args)
    const settings = config()
    const { chainData } = settings
    const { openDatabase } = await import('../db/open.js')
    const { migrate } = await import('../db/migrate.js')
    const { createLogger } = await import('../logger.js')
    const { createChainDataService } = await import('./service.js')
    const database = await openDatabase(settings)
    try {
      await migrate(database)
    } catch (error) {
      await database.close()
      throw error
    }
    const log = createLogger(settings)
    const service = createChainDataService(database.db, chainData, {
      log,
      soleProcess: database.kind === 'pglite',
    })
    service.start()
    const metrics = await startIndexerMetrics(settings, database.db, log)
    // Stopping lets the batch in flight commit or roll back; either way nothing is half written.
    const stopped = runUntilSignal(async () => {
      await service.stop()
      await metrics?.close()
      await database.close()
    }, stderr)
    // Announced once a signal stops it cleanly: whoever waits for this line may send one.
    stdout.write(
      `Latch indexer following ${service.followers.map((f) => f.description).join(', ')} (database: ${database.kind}${metrics ? `; metrics at ${metrics.url}/metrics` : ''})\n`,
    )
    return stopped
  },
}

/**
 * An indexer has no public port: its metrics go on LATCH_METRICS_PORT alone
 * (docs/deployment.md#metrics-and-probes), or nowhere when that is unset.
 */
async function startIndexerMetrics(
  settings: ServerConfig,
  db: Db,
  log: FastifyBaseLogger,
): Promise<{ url: string; close(): Promise<void> } | undefined> {
  const { port } = settings.metrics
  if (port === undefined) return undefined
  const { createMetrics } = await import('../observability/metrics.js')
  const { progressReader, registerIndexerGauges } = await import(
    '../observability/indexer-metrics.js'
  )
  const { createMetricsListener } = await import('../observability/metrics-endpoint.js')
  const metrics = createMetrics({ processMetrics: true })
  registerIndexerGauges(metrics, progressReader(db, settings.chainData, log))
  const listener = createMetricsListener(metrics, { ...settings.metrics, port }, (m) => log.warn(m))
  return { url: await listener.listen(), close: listener.close }
}
