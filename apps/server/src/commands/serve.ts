import { noArguments } from './args.js'
import { runUntilSignal } from './signals.js'
import type { Command } from './types.js'

export const serveCommand: Command = {
  summary: 'open the database, migrate it and serve HTTP until SIGINT/SIGTERM (default)',
  usage: `Usage: latch-server [serve]

  Opens the database (PGlite in LATCH_DATA_DIR, or Postgres at DATABASE_URL), applies pending
  migrations and serves HTTP on LATCH_SERVER_HOST:LATCH_SERVER_PORT until SIGINT or SIGTERM.
  Takes no arguments: every setting is an environment variable (see the README).
`,
  async run({ args, config, stdout, stderr }) {
    noArguments(args)
    const settings = config()
    // Loaded after the config is valid: a typo in the env should not cost seconds of imports.
    const { startServer } = await import('../server.js')
    const server = await startServer(settings)
    const stopped = runUntilSignal(async (signal) => {
      server.app.log.info({ signal }, 'shutting down')
      await server.close()
    }, stderr)
    // Announced once a signal stops it cleanly (as `index` does): whoever waits for this line may
    // send one. Announced before, a SIGTERM could land first and kill it outright.
    stdout.write(`Latch server listening on ${server.url} (database: ${server.database.kind})\n`)
    if (server.metricsUrl) stdout.write(`Metrics on ${server.metricsUrl}/metrics\n`)
    return stopped
  },
}
