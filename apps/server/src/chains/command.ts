import { noArguments } from '../commands/args.js'
import { runUntilSignal } from '../commands/signals.js'
import type { Command } from '../commands/types.js'

export const indexCommand: Command = {
  summary: 'run the chain indexer alone (production: with LATCH_INDEXER=off on the API servers)',
  usage: `Usage: latch-server index

  Runs the chain indexer alone until SIGINT or SIGTERM, following LATCH_INDEX_CHAINS into the
  configured database. In production run it beside API servers started with LATCH_INDEXER=off.
  Each chain is written by one indexer at a time, whatever is started: a second one stands by
  and takes over within LATCH_INDEX_LEASE_SECONDS (10) of the first one's death, sooner when
  the first one is stopped by a signal. Takes no arguments.
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
    // Stopping lets the batch in flight commit or roll back; either way nothing is half written.
    const stopped = runUntilSignal(async () => {
      await service.stop()
      await database.close()
    }, stderr)
    // Announced once a signal stops it cleanly: whoever waits for this line may send one.
    stdout.write(
      `Latch indexer following ${service.followers.map((f) => f.description).join(', ')} (database: ${database.kind})\n`,
    )
    return stopped
  },
}
